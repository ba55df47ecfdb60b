"""Computed diagnosis for llamacpp.failed-load-aftermath: where to look for the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if not attr:
        return None
    attr = str(attr)
    if attr == "Llama":
        return Explanation(
            text="No llama_cpp build could be imported, so the loader got None instead of the module.",
            fix=("In the web UI's environment run python -c \"import llama_cpp\" (and llama_cpp_cuda) to see the import error; "
                 "reinstall the llama-cpp-python wheel matching the CUDA / CPU.",),
            derived={"look_for": "llama_cpp import error"})
    return Explanation(
        text=(f"The object never got its '{attr}' because its constructor failed; this AttributeError comes from cleanup. The "
              "cause is the llama.cpp error printed before it."),
        fix=("Find the first 'error loading model' / 'failed to allocate' / 'unknown (magic, version)' / 'Failed to load model "
             "from file' line above and fix that (GGUF file, less offload, correct path).",),
        derived={"look_for": "earlier llama.cpp load error"})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
