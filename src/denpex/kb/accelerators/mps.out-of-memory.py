"""Computed diagnosis for mps.out-of-memory: which limit was hit and by how much."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

# MPSAllocator's format_size divides by powers of 1024 even when it prints "GB"/"MB"
_UNIT = {"bytes": 1, "b": 1, "kb": 1024, "kib": 1024, "mb": 1024**2, "mib": 1024**2,
         "gb": 1024**3, "gib": 1024**3, "tb": 1024**4, "tib": 1024**4}
_DEFAULT_RATIO = 1.7


def _size(text: Any) -> float | None:
    m = re.match(r"\s*([\d.]+)\s*([A-Za-z]+)", str(text or ""))
    if not m or m.group(2).lower() not in _UNIT:
        return None
    return float(m.group(1)) * _UNIT[m.group(2).lower()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("buffer_size") and not facts.get("tried_to_allocate"):
        size = _size(facts["buffer_size"])
        txt = f"One tensor of {fmt_bytes(size) if size else facts['buffer_size']} was requested on MPS; that is larger than the largest single Metal buffer this GPU can create (maxBufferLength), whatever memory is free."
        return Explanation(
            text=txt,
            fix=("Split the computation: chunked/sliced attention, tiled VAE decode, fewer frames or a smaller resolution/batch; for a matmul/bmm, process the batch or rows in chunks.",
                 "Upgrade PyTorch: newer releases split some large matmuls internally on MPS.",
                 "PYTORCH_MPS_HIGH_WATERMARK_RATIO does not affect this limit."),
            derived={"tried_to_allocate": facts["buffer_size"], "max_allowed": "Metal maxBufferLength"},
        )
    mps, other, cap, req = (_size(facts.get(k)) for k in ("mps_allocated", "other_allocations", "max_allowed", "tried_to_allocate"))
    if mps is None or other is None or req is None:
        return None
    derived: dict[str, Any] = {}
    total = mps + other + req
    parts = [f"The process held {fmt_bytes(mps + other)} of Metal memory ({fmt_bytes(mps)} in PyTorch's heaps, {fmt_bytes(other)} other) and asked for {fmt_bytes(req)} more on the {facts.get('pool', '?')} pool, {fmt_bytes(total)} in all."]
    fix: list[str] = []
    if cap is None:
        derived["max_allowed"] = "none (watermark disabled)"
        parts.append("The high watermark is disabled (PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0), so Metal itself refused the heap: the Mac's RAM is exhausted.")
        fix.append("Reduce the workload (batch, resolution, sequence length) or close other memory-heavy apps; with the cap disabled the next step is swapping or a frozen system.")
    else:
        short = total - cap
        ws = cap / _DEFAULT_RATIO
        derived["shortfall"] = fmt_bytes(short) if short > 0 else "none"
        derived["working_set"] = fmt_bytes(ws)
        # printed values are rounded to 2 decimals and new heaps are created larger than the request
        tol = 0.02 * cap
        if -tol < short <= 0:
            parts.append(f"That is at max allowed {fmt_bytes(cap)} within the rounding of the printed sizes (new heaps are also created larger than the request): the watermark cap was hit.")
            short = max(short, 1.0)
        elif short > 0:
            parts.append(f"That exceeds max allowed {fmt_bytes(cap)} by {fmt_bytes(short)}.")
        if short > 0:
            parts.append(f"With the default ratio 1.7 the cap corresponds to a recommended Metal working set of {fmt_bytes(ws)} on this Mac.")
        else:
            parts.append(f"That is below max allowed {fmt_bytes(cap)}: the watermark was not the limiter; Metal could not create a new heap (system memory pressure or fragmentation of cached heaps).")
            fix.append("Free cached heaps (del unused tensors, gc.collect(), torch.mps.empty_cache()) and close other apps, then retry.")
        if other > mps:
            parts.append("Most of it is outside PyTorch's own heaps (other allocations): MPSGraph temporaries or another Metal user in the same process.")
        if req < 64 * 1024**2 and short > 0:
            parts.append("The request itself is small: memory was already at the cap when it came.")
        need_frac = short / total if short > 0 else 0
        if short > 0:
            amount = f"by at least {fmt_bytes(short)} ({need_frac:.0%})" if need_frac >= 0.05 else "by some 10% (the process is right at the cap)"
            fix.append(f"Cut the peak {amount}: smaller batch/resolution/sequence, float16 weights, attention slicing, VAE tiling.")
            fix.append("Or raise the cap a little with PYTORCH_MPS_HIGH_WATERMARK_RATIO=2.0 (the maximum; 0.0 disables it and risks swapping or freezing macOS).")
    fix.append("Between generations or epochs, release cached memory: torch.mps.empty_cache().")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
