"""Computed diagnosis for nccl.collective-mismatch-warning: where to look, and the size ratio on IB."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank_hint")
    local, remote = facts.get("local_size"), facts.get("remote_size")
    fix: list[str] = []
    if local is not None and remote is not None:
        try:
            lo, re_ = int(local), int(remote)
        except (TypeError, ValueError):
            return None
        big, small = max(lo, re_), max(1, min(lo, re_))
        where = ""
        diagnosis = f"peers exchanged buffers of different sizes ({lo} vs {re_} bytes, x{big / small:.0f})"
        text = (f"The InfiniBand transport received {re_} bytes where this rank posted {lo}: the two ranks are in "
                "collectives of different sizes, i.e. a different tensor (or a different collective) at the same position.")
        if big % small == 0 and big // small in (2, 4, 8, 16, 32, 64):
            text += (f" The ratio {big // small} is a power of two: typical of a rank whose tensor was built with a "
                     "different batch / world-size factor, or of reduce_scatter vs all_gather called in different order.")
        fix.append("Print tensor.shape before each collective on every rank, or rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL to have the shapes compared.")
    elif rank is not None:
        where = f" around rank {rank}"
        diagnosis = f"rank {rank} did not run the same collectives as its peers"
        text = (f"NCCL's operation counts diverged around rank {rank}: that rank (or its neighbour) called one collective more "
                "or fewer than the others. Typical places: metric sync or barrier only on some ranks, an extra or "
                "missing batch on one rank, code after validation/checkpointing that depends on the rank.")
        fix.append(f"Compare rank {rank}'s path with rank 0: grep for barrier/all_reduce/all_gather/broadcast/sync_dist inside rank checks, and log len(dataloader) per rank.")
    else:
        return None
    fix.append("Rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=COLL to see the last collective each rank entered.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "where": where})
