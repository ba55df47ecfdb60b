"""Computed diagnosis for unsloth.model-not-supported: what kind of model_name was given."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VISION = re.compile(r"(?i)(vl\b|-vl-|vision|pixtral|llava|qwen2\.?5?-?vl|paligemma|idefics|mllama|gemma-?3n?\b|internvl|minicpm-v)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "")
    if not name:
        return None
    m = re.search(r"models--([^/\\]+?)--([^/\\]+)", name)
    if m and "snapshots" not in name:
        hub = f"{m.group(1)}/{m.group(2)}"
        return Explanation(
            text=f"{name} is a Hugging Face cache root (blobs/ refs/ snapshots/), not a model folder, so Unsloth found no config to dispatch on.",
            fix=(f"Pass the Hub id with the cache: FastLanguageModel.from_pretrained('{hub}', cache_dir='<that cache dir>'), "
                 f"or the folder {name.rstrip('/')}/snapshots/<hash>.",),
            derived={"model_name": name})
    if _VISION.search(name):
        return Explanation(
            text=f"{name} looks like a vision/multimodal model, which FastLanguageModel does not dispatch.",
            fix=("from unsloth import FastVisionModel; model, tokenizer = FastVisionModel.from_pretrained(\"" + name + "\", ...)",
                 "pip install --upgrade unsloth unsloth_zoo if the family is new."),
            derived={"model_name": name})
    local = name.startswith(("/", ".", "~")) or re.match(r"^[A-Za-z]:[\\/]", name) is not None
    if local:
        text = f"Local folder {name}: its config.json is missing or has no model_type Unsloth knows."
        fix = (f"Check ls {name} for config.json and its \"model_type\"; a saved fine-tune needs the full config (or an adapter_config.json pointing at the base).",
               "If the model type is new: pip install --upgrade unsloth unsloth_zoo.")
    else:
        text = f"Hub model {name}: its model_type is not in FastLanguageModel's dispatch table, or the repo has no config.json."
        fix = (f"python -c \"from transformers import AutoConfig; print(AutoConfig.from_pretrained('{name}').model_type)\" - then use FastVisionModel/FastModel for multimodal types or upgrade unsloth for new ones.",)
    return Explanation(text=text, fix=fix, derived={"model_name": name})
