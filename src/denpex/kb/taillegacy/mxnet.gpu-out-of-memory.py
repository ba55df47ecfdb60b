"""Computed diagnosis for mxnet.gpu-out-of-memory: which allocator failed, and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    fix: list[str] = []
    if sig == "pooled-storage-cudamalloc":
        if facts.get("retry"):
            where = "pooled allocator, after releasing its pool"
            text = ("MXNet's GPU pool failed to allocate, released every cached block and retried, and the retry failed too: "
                    "the arrays that are live at this point do not fit on the device, this is not fragmentation.")
        else:
            where = "pooled allocator"
            text = "cudaMalloc from MXNet's pooled storage manager failed: the device has no room for the next array."
    elif sig == "mshadow-stream-oom":
        where = "stream / library handle creation"
        text = ("Creating a CUDA stream or cuBLAS/cuDNN handle failed: the GPU was already full (often memory held by "
                "another process, or a second MXNet context on the same GPU).")
        fix.append("Check nvidia-smi for other processes on this GPU before starting.")
    else:
        where = f"kernel launch ({facts.get('kernel') or 'operator'})"
        text = "An operator kernel launch reported out of memory: the GPU is full when this operator runs."
    if facts.get("autotune"):
        text += " It happened right after cuDNN autotune started, which allocates large trial workspaces."
        fix.insert(0, "export MXNET_CUDNN_AUTOTUNE_DEFAULT=0 (autotune workspaces on a small GPU)")
    fix += ["Halve the batch size (per GPU) or the input size and retry.",
            "For variable input shapes: export MXNET_GPU_MEM_POOL_TYPE=Round."]
    return Explanation(text=text, fix=tuple(fix), derived={"where": where, "diagnosis": where})
