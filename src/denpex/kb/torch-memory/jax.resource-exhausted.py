"""Computed diagnosis for jax.resource-exhausted: how the failed request compares with the device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation

def explain(facts: Mapping[str, Any]) -> Explanation | None:
    used = parse_size(facts.get("hbm_used"))
    cap = parse_size(facts.get("hbm_capacity"))
    if used is not None and cap is not None and cap > 0:
        factor = used / cap
        return Explanation(
            text=(
                f"The compiled program needs {facts.get('hbm_used')} of HBM but the TPU core has {facts.get('hbm_capacity')} "
                f"({factor:.2f}x; over by {facts.get('hbm_exceeded_by') or fmt_bytes(used - cap)}). XLA refused it at compile time, so nothing ran."
            ),
            fix=(
                f"Cut the per-core footprint by at least {(1 - cap / used) * 100:.0f}%: e.g. per-core batch x{cap / used:.2f}, "
                "jax.checkpoint on the large blocks, or shard parameters/activations over more cores.",
            ),
            derived={"hbm_overcommit_factor": round(factor, 3)},
        )
    req = facts.get("tried_to_allocate_bytes")
    if not isinstance(req, (int, float)):
        return None
    derived: dict[str, Any] = {"requested": fmt_bytes(req)}
    if req < 256 * 1024**2:
        derived["cause"] = "device-already-full"
        text = (
            f"The failed request is only {fmt_bytes(req)}: the device was already full when it arrived. "
            "Memory is held by another process (or a second JAX process that preallocated its own pool) "
            "or by arrays kept alive from earlier steps, not by this one buffer."
        )
        fix = (
            "Check nvidia-smi for other processes on the device; run one JAX process per GPU or set XLA_PYTHON_CLIENT_PREALLOCATE=false / XLA_PYTHON_CLIENT_MEM_FRACTION per process.",
            "Drop references to old arrays and donate train-state buffers (jax.jit(..., donate_argnums=...)).",
        )
    else:
        derived["cause"] = "program-too-large"
        text = (
            f"One buffer of {fmt_bytes(req)} could not be placed. Compare it with the device memory: if it is larger than the "
            "device, the program's temporaries must shrink; otherwise the live arrays plus this buffer exceed the pool."
        )
        fix = (
            f"Make the buffer of {fmt_bytes(req)} smaller: reduce the batch or chunk the vmap/scan that builds it (jax.lax.map with batch_size).",
            "Apply jax.checkpoint to the large blocks and shard big arrays across devices.",
        )
    return Explanation(text=text, fix=fix, derived=derived)
