"""Computed diagnosis for peft.adapter-config-missing: what kind of path PEFT received and what that suggests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") if facts.get("path") is not None else "")
    cfg = str(facts.get("config_file") or "adapter_config.json")
    text: list[str] = []
    fix: list[str] = []
    if not path.strip():
        where = "empty path"
        text.append("PEFT received an empty adapter path: the argument or config value that should name the adapter is unset.")
        fix.append("Set the adapter path (e.g. --adapter_name_or_path / peft_model_id) to the folder that contains adapter_config.json.")
    elif "${" in path or "$(" in path or re.match(r"^[\w-]+=", path):
        where = "unexpanded variable or key=value text"
        text.append(f"The path '{path}' still contains shell syntax (an unexpanded ${{...}} or a 'name=' prefix): the loader got the literal text.")
        fix.append("Fix the launch script so the variable is exported/expanded (or pass the path without the 'name=' prefix).")
    elif path != path.strip():
        where = "path with surrounding whitespace"
        text.append(f"The path '{path}' has leading or trailing whitespace, so no folder of that name exists.")
        fix.append("Strip the whitespace from the argument or config value.")
    elif re.search(r"checkpoint-\d+/?$", path):
        where = "a Trainer checkpoint folder"
        text.append(f"'{path}' is a Trainer checkpoint folder. It holds an adapter only when the run trained a PeftModel; "
                    "full or freeze fine-tuning (and checkpoints of a non-PEFT model) save model weights there instead.")
        fix.append(f"ls {path}: if you see model*.safetensors / pytorch_model*.bin and no {cfg}, load it as a model (AutoModelForCausalLM.from_pretrained) and drop the adapter argument.")
        fix.append("If it should be an adapter, load the final output folder saved with model.save_pretrained instead of the intermediate checkpoint.")
    elif _HUB_ID.match(path) and not path.startswith((".", "/", "~")):
        where = "a Hub repo id"
        text.append(f"'{path}' looks like a Hub repo id and no local folder has that name, so PEFT tried to download {cfg} from the Hub and failed: "
                    "the repo may not exist, be private or gated, hold merged weights instead of an adapter, or the machine may be offline.")
        fix.append(f"Check the repo page lists {cfg}; for private repos log in (huggingface-cli login / HF_TOKEN); offline, download it first (huggingface-cli download {path}).")
        fix.append("If the repo holds a full (merged) model, load it with AutoModelForCausalLM.from_pretrained instead of PeftModel.")
    else:
        where = "a local path"
        text.append(f"No {cfg} exists in the local folder '{path}' (and the Hub fallback cannot use a filesystem path). "
                    "The path is wrong, relative to another working directory, points one level above or below the adapter, "
                    "or the folder holds only weights.")
        fix.append(f"ls -la {path} - {cfg} must be directly inside; use an absolute path.")
        if "\\" in path:
            fix.append("The path uses backslashes: on Linux they are literal characters; use forward slashes.")
        fix.append(f"If only adapter weights are there, recreate {cfg} from the training LoraConfig or re-save with PeftModel.save_pretrained.")
    fix.append("Read the exception chained above the ValueError (HFValidationError / RepositoryNotFoundError / connection error): it is the real reason the lookup failed.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"where": where})
