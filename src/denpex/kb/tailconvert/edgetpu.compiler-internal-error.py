"""Computed diagnosis for edgetpu.compiler-internal-error: advice per compiler version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ver = str(facts.get("compiler_version") or "")
    sig = str(facts.get("_signature") or "")
    if not ver and not sig:
        return None
    try:
        major = int(ver.split(".")[0]) if ver else None
    except ValueError:
        major = None
    crash = "segfault" in sig
    parts = ["edgetpu_compiler crashed (segmentation fault)" if crash else "edgetpu_compiler hit an internal error"]
    if ver:
        parts[0] += f" (compiler {ver})"
    fix: list[str] = []
    if major is not None and major < 15:
        parts.append("This is an old compiler: TFLite files from a recent TensorFlow converter often use op versions it does not know.")
        fix.append("Install the current Edge TPU compiler (16.0) or compile in the Coral Colab notebook.")
        diagnosis = "old compiler vs newer TFLite op versions"
    elif major is not None:
        parts.append("On the latest compiler the usual causes are tensors too large for the TPU, non-int8 ops, or a compiler bug; retries sometimes pass.")
        fix.append("Retry, then try compiler 15.0 vs 16.0, lower the input resolution, and make sure the model is fully int8.")
        diagnosis = "model not schedulable or compiler bug"
    else:
        diagnosis = "compiler crash"
        fix.append("Check the compiler version (edgetpu_compiler --version), quantize fully to int8 and retry.")
    return Explanation(text=" ".join(parts) + ".", fix=tuple(fix), derived={"diagnosis": diagnosis})
