"""Computed diagnosis for whispercpp.model-invalid: which kind of wrong file or too-old build this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FTYPES = {0: "f32", 1: "f16", 2: "q4_0", 3: "q4_1", 6: "q5_0", 7: "q5_1", 8: "q8_0", 10: "q2_k", 11: "q3_k",
           12: "q4_k", 13: "q5_k", 14: "q6_k"}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    derived: dict[str, Any] = {}
    if sig in ("bad-magic", "const-me-bad-magic"):
        derived["kind"] = "not a ggml whisper file"
        return Explanation(
            text=("The file does not start with the ggml magic: it is not a ggml Whisper model (HTML error page, Git LFS "
                  "pointer, OpenAI .pt, faster-whisper model.bin, transformers checkpoint or a GGUF LLM)."),
            fix=("Check the first bytes: head -c 4 MODEL | od -c ('lmgg' expected) and the size against "
                 "huggingface.co/ggerganov/whisper.cpp.",
                 "Download the ggml-*.bin again (models/download-ggml-model.sh <size>), or convert a .pt with "
                 "models/convert-pt-to-ggml.py."),
            derived=derived)
    if sig == "bad-ftype":
        ft = facts.get("ftype")
        name = _FTYPES.get(int(ft) % 1000, None) if ft is not None else None
        derived["kind"] = "unsupported tensor type"
        if name:
            derived["ftype_name"] = name
        t = (f"The model is stored as ftype {ft}" + (f" ({name})" if name else "")
             + ", which this whisper.cpp build does not know: the model is newer (quantised) than the build.")
        return Explanation(text=t, fix=("Upgrade whisper.cpp / the app that bundles it, or use the f16 (non-quantised) model "
                                        "with this build.",), derived=derived)
    if sig == "unknown-tensor":
        tensor = facts.get("tensor") or ""
        derived["kind"] = "corrupt or foreign file"
        if tensor == "" or any(ord(c) < 32 or ord(c) > 126 for c in tensor):
            t = ("The tensor name read from the file is empty/garbage: the reader is in data that is not a tensor table, so "
                 "the file is corrupted, truncated or not a Whisper ggml model.")
        else:
            t = (f"The file contains tensor '{tensor}', which the Whisper architecture of this build does not define: a "
                 "model of another architecture or a newer variant.")
        return Explanation(text=t, fix=("Re-download the model and compare its size / SHA with the published file.",
                                        "If the tensor name looks valid, upgrade whisper.cpp for newer model variants."),
                           derived=derived)
    if sig == "wrong-size-shape":
        tensor = facts.get("tensor") or ""
        derived["kind"] = "shape mismatch"
        if tensor.startswith("encoder.conv1"):
            t = (f"'{tensor}' has a different size than the header implies: the classic case is a large-v3 / large-v3-turbo "
                 "model (128 mel bins) on a whisper.cpp build older than 1.5 that assumes 80.")
            fix = ("Upgrade whisper.cpp (1.5+) or the app that bundles it, or use large-v2 with the old build.",
                   "If the build is current, re-download the model (a corrupted header gives the same error).")
        else:
            t = f"'{tensor}' has a different size than the header implies: a corrupted file or a mismatched conversion."
            fix = ("Re-download or re-convert the model with the converter of the same whisper.cpp version.",)
        return Explanation(text=t, fix=fix, derived=derived)
    if sig == "not-all-tensors":
        exp, got = facts.get("expected_tensors"), facts.get("got_tensors")
        derived["kind"] = "truncated"
        t = "The file ends early"
        if exp is not None and got is not None:
            derived["missing_tensors"] = int(exp) - int(got)
            t += f": {got} of {exp} tensors were read ({int(exp) - int(got)} missing)"
        return Explanation(text=t + " - an interrupted or partial download.",
                           fix=("Delete the file and download it again; compare the size with the published one.",),
                           derived=derived)
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
