"""Computed diagnosis for torch.hub-callable-not-found: which of the three cases this is (weights file or
path as entry name, stale cached copy, unknown entry) and the exact call to use instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FILE_EXT = re.compile(r"\.(?:pt|pth|jit|onnx|pkl|ckpt|bin|safetensors|tar|engine|torchscript)$", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "")
    if not model:
        return None
    repo = str(facts.get("repo") or "")
    hub_dir = str(facts.get("hub_dir") or "")
    repo_s = repo or "<owner>/<repo>"
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if _FILE_EXT.search(model) or "/" in model or "\\" in model:
        derived["case"] = "file-as-entry"
        text = (f"{model!r} is a file name or path, but torch.hub.load's second argument must be the name of a "
                "function defined in hubconf.py.")
        if "yolov5" in repo.lower():
            fix.append(f"torch.hub.load('{repo}', 'custom', path='{model}')  # YOLOv5 loads your weights through the 'custom' entry")
        else:
            fix.append(f"Load the checkpoint through an entry that takes a path (see torch.hub.help('{repo_s}', '<entry>')), "
                       f"or directly: torch.load('{model}') / torch.jit.load('{model}').")
    elif hub_dir:
        derived["case"] = "stale-cache"
        text = (f"torch.hub used the cached copy {hub_dir}, whose hubconf.py has no {model!r}; the entry was most "
                "likely added to the repository after that copy was downloaded.")
        fix.append(f"torch.hub.load('{repo_s}', '{model}', force_reload=True)  # or delete {hub_dir} once")
    elif model == "custom" and "yolov5" in repo.lower():
        derived["case"] = "stale-cache"
        text = "The cached YOLOv5 copy predates its 'custom' entry (added in 2021)."
        fix.append(f"torch.hub.load('{repo}', 'custom', path='best.pt', force_reload=True)")
    else:
        derived["case"] = "unknown-entry"
        text = f"The hubconf.py torch.hub imported does not define {model!r} (misspelt, another repo/branch, or a stale cache)."
        fix.append(f"python -c \"import torch; print(torch.hub.list('{repo_s}', force_reload=True))\"  # pick a listed name")
    if not model.isidentifier() and derived["case"] == "unknown-entry":
        text += f" {model!r} is not even a valid Python function name."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
