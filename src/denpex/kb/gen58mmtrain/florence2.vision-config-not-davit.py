"""Computed diagnosis for florence2.vision-config-not-davit: base model vs local checkpoint folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module_dir = str(facts.get("module_dir") or "").strip().replace("\\", "/")
    if not module_dir:
        return None
    top = module_dir.split("/", 1)[0]
    if top.lower() == "microsoft" or "Florence-2-" in module_dir and "/" in module_dir:
        kind = "Hub model"
        text = (f"The remote code was imported for the Hub repo {module_dir}: an unmodified Florence-2 config fails only when the "
                "installed transformers no longer keeps vision_config.model_type ('davit') - typical right after an upgrade.")
        fix = ("pip install 'transformers==4.51.3' (the last release reported to work with this remote code), or use a "
               "transformers release with built-in Florence-2 and load without trust_remote_code.",)
    else:
        kind = "local checkpoint"
        text = (f"The remote code was imported from the checkpoint folder '{module_dir}' (a saved/fine-tuned model): its "
                "config.json was written without vision_config.model_type = 'davit'.")
        fix = (f"Set \"model_type\": \"davit\" inside vision_config of {top}/config.json (or copy config.json from the base model), "
               f"then delete ~/.cache/huggingface/modules/transformers_modules/{top} and reload.",)
    return Explanation(text=text, fix=fix, derived={"checkpoint_kind": kind})
