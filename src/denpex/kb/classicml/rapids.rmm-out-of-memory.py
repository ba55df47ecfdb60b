"""Computed diagnosis for rapids.rmm-out-of-memory: size of the failed request and the RMM resource that refused it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _gib(n: int) -> str:
    return f"{n / 2**30:.2f} GiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    req = facts.get("requested_bytes")
    res = facts.get("resource") or ("pool_memory_resource" if sig == "pool-exceeded" else "")
    derived: dict[str, Any] = {"resource": res or "RMM", "size_note": f"{_gib(req)} requested" if isinstance(req, int) else "request size not printed"}
    parts: list[str] = []
    fix: list[str] = []
    if isinstance(req, int):
        derived["requested_gib"] = round(req / 2**30, 2)
        parts.append(f"One allocation of {_gib(req)} failed.")
        if req >= 40 * 2**30:
            parts.append("That single buffer is larger than most GPUs: this operation must be partitioned, not tuned.")
    if sig == "pool-exceeded" or "pool" in res or "arena" in res:
        parts.append("The RMM pool reached its maximum_pool_size; the device itself may still have free memory.")
        fix.append("raise or remove the pool limit: rmm.reinitialize(pool_allocator=True, maximum_pool_size=None) / LocalCUDACluster(rmm_maximum_pool_size=...)")
    elif "async" in res:
        parts.append("cudaMallocAsync could not get memory from the device (stream-ordered pool exhausted).")
    elif sig == "legacy-rmm-error":
        parts.append("Old RMM (0.x) reported out of memory; every later allocation may fail until the process restarts.")
    else:
        parts.append("cudaMalloc failed: the device has less free memory than requested (data too large, or other processes hold memory).")
    fix.extend((
        "check other GPU users: nvidia-smi --query-compute-apps=pid,used_memory --format=csv",
        "partition the work (dask_cudf.read_csv(..., blocksize='256MB') with dask-cuda LocalCUDACluster) or read in chunks",
        "enable spilling: cudf.set_option('spill', True) / CUDF_SPILL=on; or rmm.reinitialize(managed_memory=True) to oversubscribe",
    ))
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
