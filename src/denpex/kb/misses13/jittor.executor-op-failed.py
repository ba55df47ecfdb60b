"""Computed diagnosis for jittor.executor-op-failed: classify the [Reason] line and the op inputs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        idx, n = int(facts["op_index"]), int(facts["op_count"])
    except (KeyError, TypeError, ValueError):
        return None
    reason = str(facts.get("reason") or "")
    op_type = str(facts.get("op_type") or "").strip()
    inputs = str(facts.get("inputs") or "")
    dtypes = sorted(set(re.findall(r"\b((?:float|int|uint|bool)\d*)\[", inputs)))
    low = reason.lower()
    fix: list[str] = []
    if "primitive descriptor" in low or "dnnl" in low or "mkl" in low:
        diag = "CPU oneDNN/mkl kernel rejected the op"
        text = "The CPU oneDNN (mkl) kernel could not be created for this op's shapes/dtypes."
        if len(dtypes) > 1:
            text += f" Its inputs mix dtypes ({', '.join(dtypes)}): cast them to one float type."
            fix.append("Cast the input to float32 before the layer (x = x.float32()).")
        fix.append("Or run the op on CUDA (set jt.flags.use_cuda = 1 before building the model and data).")
    elif "alloc" in low or "memory" in low or "block id" in low or "tot_block_id" in low:
        diag = "memory allocation failed"
        text = "The Jittor memory allocator failed (out of memory or its block limit)."
        fix.append("Reduce batch/model size, call jt.gc() between iterations, or use a machine with more (GPU) memory.")
    elif "run cmd failed" in low or "compil" in low:
        diag = "JIT compilation failed"
        text = "The fused kernel could not be compiled; the compiler error is in the reason."
        fix.append("Fix the compiler setup (see jittor.jit-compile-failed) and clear ~/.cache/jittor.")
    elif "cuda" in low:
        diag = "CUDA error"
        text = "A CUDA error occurred while running the fused op."
        fix.append("Rerun with JT_SYNC=1 trace_py_var=3 to locate the op; check driver/CUDA and jt.flags.use_cuda.")
    elif reason:
        diag = "op failed"
        text = f"The op failed with: {reason.strip()}"
        fix.append("Rerun with JT_SYNC=1 trace_py_var=3 to see which Python line built the op.")
    else:
        diag = "reason not shown"
        text = "The [Reason] line is not in the log."
        fix.append("Rerun with JT_SYNC=1 trace_py_var=3 and read the [Reason] line of the executor error.")
    if op_type:
        text += f" Failing fused op {idx} of {n}: {op_type}."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diag, "input_dtypes": ", ".join(dtypes)})
