"""Computed diagnosis for system.floating-point-exception: which reporter, what to try first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUBLAS_FIX = "pip install nvidia-cublas-cu12==12.4.5.8  # on H20/H800-class GPUs with torch cu121 wheels"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if not sig:
        return None
    kind = str(facts.get("fpe_kind") or "")
    command = str(facts.get("command") or "").strip()
    who = f" ({command})" if command else ""
    if sig == "faulthandler":
        text = ("faulthandler caught SIGFPE: the Python stack printed under this line shows the call that was running; "
                "a torch matmul/linear/sampling frame points to cuBLAS, an extension frame to that extension.")
        diagnosis = "SIGFPE, stack available"
    elif sig == "ucx-caught-signal":
        text = (f"UCX's handler caught SIGFPE ({kind or 'floating point exception'})"
                + (": an integer division by zero in native code." if "divide by zero" in kind else ".")
                + " On H20/H800 nodes this is the known cuBLAS 12.1-12.3 heuristic bug.")
        diagnosis = f"SIGFPE: {kind}" if kind else "SIGFPE"
    else:
        text = (f"The process{who} was killed by SIGFPE (exit code 136): an integer division by zero in native code, "
                "not a NaN/inf in the model. No Python traceback is printed; re-run with python -X faulthandler to see the line.")
        diagnosis = "SIGFPE"
    fix = (_CUBLAS_FIX,
           "python -X faulthandler <script>  # locate the call",
           "check the inputs for zero-sized dimensions (empty batch, unsupported resolution)")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
