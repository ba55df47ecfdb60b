"""Computed diagnosis for exllamav2.extension-load-failed: which mismatch the wording points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    detail = str(facts.get("detail") or "")
    derived: dict[str, Any] = {}
    if sig == "dll-load-failed":
        if "procedure" in detail:
            derived["cause"] = "wheel built for another torch"
            text = ("The exllamav2_ext DLL exists but calls torch functions this torch does not export: the wheel was built for "
                    "another torch version.")
            fix = ("Install the exllamav2 wheel tagged for your torch (pip show torch) and CUDA, or rebuild exllamav2 against it.",)
        else:
            derived["cause"] = "CUDA DLLs missing"
            text = ("A DLL that exllamav2_ext depends on is missing: usually the CUDA runtime of the CUDA version the wheel was "
                    "built for (or a torch without CUDA).")
            fix = ("Install the wheel matching torch.version.cuda, or the CUDA toolkit of the wheel's version; make sure torch is a "
                   "CUDA build (torch.cuda.is_available()).",)
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "name-not-defined":
        derived["cause"] = "extension import failed earlier"
        return Explanation(
            text="exllamav2 continued after failing to import its extension; the real import error is earlier in the log.",
            fix=("Run python -c \"import exllamav2_ext\" to see it, then install the exllamav2 wheel matching torch / CUDA / Python.",),
            derived=derived)
    if sig == "no-module-ext":
        derived["cause"] = "no extension for this platform"
        return Explanation(
            text=("No prebuilt exllamav2_ext matches this Python / torch / CUDA, and the runtime JIT build did not produce one "
                  "(no CUDA toolkit or compiler - or a platform without CUDA such as macOS)."),
            fix=("Install the release wheel tagged for your torch, CUDA and Python version.",
                 "Or install the CUDA toolkit matching torch.version.cuda plus a compiler and let the JIT build run.",
                 "On macOS / CPU-only machines use GGUF models with the llama.cpp loader instead."),
            derived=derived)
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
