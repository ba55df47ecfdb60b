"""Computed diagnosis for trtllm.executor-init-failed: classify the worker's own error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = (
    ("out of memory", "GPU memory",
     "lower kv_cache_config free_gpu_memory_fraction (0.9 -> 0.7), max_batch_size or max_num_tokens, and free the GPU of other processes"),
    ("does not recognize this architecture", "model type unknown to the installed transformers",
     "upgrade transformers / TensorRT-LLM (or the container) to a release that supports this model"),
    ("nccl", "multi-GPU communication (NCCL)",
     "check tensor_parallel_size against the MPI world size and the GPUs visible to each rank; rerun with NCCL_DEBUG=WARN"),
    ("incompatible function arguments", "binding / Python package version mismatch",
     "use TensorRT-LLM bindings and Python package from the same release (one container image)"),
    ("assertion failed", "an internal TensorRT-LLM check",
     "read the assertion's file:line; it names the violated engine / kernel condition"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    rank = facts.get("rank")
    if not isinstance(reason, str) or not reason.strip():
        if facts.get("_signature") == "worker-returned-error":
            return Explanation(
                text="An executor worker failed to initialize; its own error is logged by the worker process as 'Failed to initialize executor on rank N: ...'.",
                fix=("find the worker's 'Failed to initialize executor' line (mpirun / container log) and fix that error",),
                derived={},
            )
        return None
    reason = reason.strip()
    low = reason.lower()
    where = f"rank {rank}" if isinstance(rank, int) else "a rank"
    for needle, kind, fix in _KINDS:
        if needle in low:
            return Explanation(
                text=f"The executor worker on {where} failed during initialization ({kind}): {reason}",
                fix=(fix,),
                derived={"cause_kind": kind},
            )
    return Explanation(
        text=f"The executor worker on {where} raised during initialization: {reason}",
        fix=("fix that exception (the traceback under the worker line shows where it was raised)",),
        derived={"cause_kind": "other"},
    )
