"""Computed diagnosis for diffusers.component-no-loading-method: name the missing backend."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

def explain(facts: Mapping[str, Any]) -> Explanation | None:
    component = str(facts.get("component") or "")
    pipeline = str(facts.get("pipeline") or "").rsplit(".", 1)[-1] or "the pipeline"
    if not component:
        return None
    fix: list[str] = []
    m = re.search(r"transformers\.models\.(\w+)\.(tokenization|image_processing|modeling|processing)_\w+?(_fast)?\.", component + ".")
    if "Placeholder" in component and m:
        model, kind, fast = m.group(1), m.group(2), m.group(3)
        if kind == "tokenization" and not fast:
            backend = "sentencepiece"
            diagnosis = f"{model} tokenizer needs {backend} (not installed)"
            text = (f"{pipeline}'s tokenizer is transformers' slow {model} tokenizer, which needs the SentencePiece library; "
                    "it is missing, so transformers handed diffusers a placeholder class without from_pretrained.")
            fix += ["pip install sentencepiece protobuf", "Restart the Python process (kernel / ComfyUI) and load again."]
        elif kind == "tokenization":
            diagnosis = f"{model} fast tokenizer needs the tokenizers package"
            text = f"{pipeline}'s fast {model} tokenizer needs the 'tokenizers' package, which is missing or broken."
            fix += ["pip install -U tokenizers", "Restart the process and load again."]
        elif kind in ("image_processing", "processing"):
            diagnosis = f"{model} image processor backend missing"
            text = f"{pipeline}'s {model} image processor needs a vision backend (Pillow/torchvision) that is not importable."
            fix += ["pip install pillow torchvision (matching torch)", "Restart the process and load again."]
        else:
            diagnosis = f"{model} model backend missing"
            text = f"{pipeline}'s {model} model class is a placeholder: torch (or its backend) is not importable for transformers."
            fix += ["python -c \"import torch, transformers\" to see the failure; reinstall torch/transformers."]
    elif ".dummy_" in component:
        backend = component.split(".dummy_", 1)[1].split("_objects", 1)[0].replace("_and_", " + ")
        diagnosis = f"diffusers dummy object: {backend} missing"
        text = f"diffusers resolved {component.rsplit('.', 1)[-1]} to a dummy object because its backend ({backend}) is not installed."
        fix.append(f"pip install {backend.replace(' + ', ' ')}")
    elif "Placeholder" in component:
        diagnosis = "transformers placeholder (missing optional backend)"
        text = f"A component of {pipeline} is a transformers placeholder class: an optional backend of transformers is missing."
        fix += ["pip install sentencepiece protobuf tokenizers", "Restart the process and load again."]
    else:
        diagnosis = f"{component.rsplit('.', 1)[-1]} has no loader in this diffusers/transformers"
        text = (f"{component} is not a class this diffusers can load: model_index.json names a class from a newer or "
                "custom library version.")
        fix.append("pip install -U diffusers transformers, or pass the component explicitly to from_pretrained.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
