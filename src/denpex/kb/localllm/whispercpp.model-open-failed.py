"""Computed diagnosis for whispercpp.model-open-failed: what is wrong with the path itself."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("model_path")
    if not path:
        return None
    path = str(path)
    derived: dict[str, Any] = {"model_path": path}
    if facts.get("_signature") == "init-returned-null":
        parts = [f"whisper.cpp returned no context for '{path}': the application reports only that the call failed, so "
                 "the file was either not found or not readable, or it is not a ggml model this build can load."]
    else:
        parts = [f"whisper.cpp could not open '{path}' (the file was not found or not readable)."]
    fix: list[str] = []
    name = re.split(r"[\\/]", path)[-1]
    if not re.search(r"\.(?:bin|gguf)$", name, re.I):
        derived["missing_extension"] = True
        if name.lower().endswith((".pt", ".safetensors", ".onnx")):
            parts.append(f"'{name}' is not a ggml model at all; whisper.cpp needs ggml-*.bin files.")
            fix.append("Download a ggml model (models/download-ggml-model.sh <size>) or convert with models/convert-pt-to-ggml.py.")
        else:
            parts.append(f"'{name}' has no .bin extension: whisper.cpp adds none, the file on disk is e.g. '{name}.bin' or "
                         f"'{name}-v3.bin'.")
            fix.append(f"Pass the exact file name, e.g. -m {path}-v3.bin or -m {path}.bin (ls the folder to see which).")
    if not re.match(r"^(?:/|~|[A-Za-z]:[\\/]|\\\\)", path):
        derived["relative_path"] = True
        parts.append("The path is relative: it is resolved against the working directory of the process, not the whisper.cpp folder.")
        fix.append("Use an absolute path, or cd into the directory the path is relative to.")
    m = re.search(r"ggml-([a-z0-9.\-]+?)(?:\.bin)?$", name)
    if m:
        fix.append(f"If the model was never downloaded: sh ./models/download-ggml-model.sh {m.group(1)}")
    if any(ord(c) > 127 for c in path) or "OneDrive" in path:
        derived["windows_path_issue"] = True
        parts.append("The path holds non-ASCII characters or a OneDrive folder, which some Windows builds cannot open.")
        fix.append("Copy the model to a short local ASCII-only path such as C:\\models\\.")
    if not fix:
        fix.append("Check that the file exists at exactly that path (ls -l) and is readable by this user.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
