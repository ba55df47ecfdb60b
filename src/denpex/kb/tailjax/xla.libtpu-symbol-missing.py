"""Computed diagnosis for xla.libtpu-symbol-missing: what the missing libtpu symbol says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    symbol = str(facts.get("symbol") or "")
    if not symbol:
        return None
    area = symbol.split("_", 1)[0]
    text = (f"The framework asked the loaded libtpu.so for '{symbol}' (part of the {area} C API) and it is not exported: "
            "jaxlib/TF/torch_xla was built against another libtpu release than the one installed, so the process aborts "
            "while initialising the TPU platform.")
    if area.startswith("TpuTransferManager") or area.startswith("TpuExecutor"):
        diagnosis = "jaxlib newer than libtpu, or an old jaxlib with a libtpu that dropped the call"
    else:
        diagnosis = "jaxlib and libtpu from different releases"
    fix = ("pip install -U \"jax[tpu]\" -f https://storage.googleapis.com/jax-releases/libtpu_releases.html",
           "If the repository needs an old JAX: pip install \"jax[tpu]==<its version>\" -f https://storage.googleapis.com/jax-releases/libtpu_releases.html (pins the matching libtpu); check echo $TPU_LIBRARY_PATH.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
