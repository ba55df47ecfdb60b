"""Computed diagnosis for unsloth.model-config-not-found: what kind of model_name failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GATED = re.compile(r"(?i)^(meta-llama|google|mistralai|bigcode)/")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "")
    if not name:
        return Explanation(
            text="Neither a model config nor a PEFT adapter config could be loaded for model_name (its value is not in the log).",
            fix=("Run python -c \"from transformers import AutoConfig; AutoConfig.from_pretrained('<model_name>')\" to see the real error (404 / 401 gated / missing folder / offline).",),
            derived={"model_name": "the given model_name"})
    local = name.startswith(("/", ".", "~")) or re.match(r"^[A-Za-z]:[\\/]", name) is not None
    if local:
        text = f"{name} is a local path: it does not exist from this process's working directory, or has no config.json / adapter_config.json."
        fix = (f"ls {name} (look for config.json); use an absolute path; a LoRA folder needs adapter_config.json with a reachable base_model_name_or_path.",)
    elif _GATED.match(name):
        text = f"{name} is in a gated organisation: without an accepted licence and a token the config request is refused."
        fix = ("Accept the licence on the model page, then pass token='hf_...' to from_pretrained (or huggingface-cli login).",
               f"Or use an ungated mirror (e.g. unsloth/{name.split('/', 1)[1]}) if one exists.")
    else:
        text = f"The Hub id {name} did not give a config: it may not exist (typo, size/suffix never published), be private, or HF_HUB_OFFLINE is set."
        fix = (f"python -c \"from transformers import AutoConfig; AutoConfig.from_pretrained('{name}')\" to see the real error (404/401/offline).",
               "Copy the exact id from huggingface.co.")
    return Explanation(text=text, fix=fix, derived={"model_name": name})
