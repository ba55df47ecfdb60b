"""Computed diagnosis for easyocr.model-file-corrupt: which model file and the command that removes it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("model_path") or "").strip()
    if sig == "corrupt-msg-nameerror" or not path:
        if sig != "corrupt-msg-nameerror":
            return None
        return Explanation(
            text="EasyOCR found a model file whose MD5 differs from the expected one and crashed in its own re-download code "
                 "(the NameError is the library's bug). The bad file is still in the model folder, so every run will fail the same way.",
            fix=("Delete the model folder's .pth files (Linux/macOS: rm ~/.EasyOCR/model/*.pth; Windows: del %USERPROFILE%\\.EasyOCR\\model\\*.pth) "
                 "and create the Reader again with network access.",),
            derived={"model": " (a file in ~/.EasyOCR/model)"})
    name = re.split(r"[\\/]", path)[-1]
    kind = "the text detector (CRAFT)" if name.startswith("craft") else (
        "the DBNet detector" if name.lower().startswith("pretrained_ic15") or "dbnet" in name.lower() else "a recognition model")
    windows = "\\" in path
    rm = f"del \"{path}\"" if windows else f"rm '{path}'"
    if sig == "missing-offline":
        return Explanation(
            text=f"{name} ({kind}) is not in the model folder and downloads are disabled (download_enabled=False).",
            fix=(f"Copy the released {name} for your easyocr version into {path.rsplit(name, 1)[0] or 'the model folder'}, or allow downloads once.",),
            derived={"model": f": {name} missing"})
    return Explanation(
        text=f"{name} ({kind}) exists but its MD5 does not match this easyocr release: a partial download, a file from another "
             "version, or a custom model under a stock name. Downloads are disabled, so it cannot be replaced automatically.",
        fix=(f"{rm}, then run once with downloads enabled (or copy the correct file there).",),
        derived={"model": f": {name} ({kind})"})
