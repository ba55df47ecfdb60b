"""Computed diagnosis for horovod.stall: which ranks are missing, which tensors they owe, what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ranks(facts: Mapping[str, Any]) -> list[int]:
    out: list[int] = []
    for v in facts.get("missing_rank") or []:
        if isinstance(v, int) and v not in out:
            out.append(v)
    for s in facts.get("missing_ranks_old") or []:
        for tok in str(s).split(","):
            tok = tok.strip()
            if tok.isdigit() and int(tok) not in out:
                out.append(int(tok))
    return sorted(out)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ranks = _ranks(facts)
    stall = facts.get("stall_s")
    shutdown = facts.get("shutdown_s")
    tensor = str(facts.get("tensor") or "")
    if not ranks and stall is None and shutdown is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"missing": ", ".join(str(r) for r in ranks) if ranks else "?"}
    if ranks:
        derived["missing_ranks"] = ranks
        who = "rank " + str(ranks[0]) if len(ranks) == 1 else "ranks " + ", ".join(str(r) for r in ranks)
        parts.append(f"{who} did not submit tensors that the other ranks submitted" + (f" more than {stall} s ago." if stall else "."))
        if 0 in ranks and len(ranks) > 1:
            parts.append(
                "Rank 0 is missing too, so no single rank is simply late: the ranks are waiting on different tensor names "
                "(different models or op order, rank-dependent code around a collective)."
            )
        else:
            parts.append(f"Check what {who} is doing: stuck in data loading or user code, dead, or on a code path that skips this collective.")
            fix.append(f"Dump the stack of {who}: py-spy dump --pid <pid of that rank> (find the host in the launcher's rank map).")
    low = tensor.lower()
    if low:
        derived["first_tensor"] = tensor
        if "broadcast" in low:
            parts.append(f"The pending tensor ({tensor}) is a broadcast: typically the initial parameter/optimizer broadcast, which some ranks did not reach or built different variables for.")
            fix.append("Call hvd.broadcast_parameters / broadcast_optimizer_state (or BroadcastGlobalVariablesCallback) on every rank, after building the same model everywhere.")
        elif "allreduce" in low or "grad" in low:
            parts.append(f"The pending tensor ({tensor}) is a gradient allreduce: ranks are at different steps or computed gradients for different parameters.")
            fix.append("Make every rank run the same number of steps (drop_last, fixed steps_per_epoch) and use all parameters in every step (or the same ones on all ranks).")
    if isinstance(shutdown, int):
        derived["shutdown_after_s"] = shutdown
        parts.append(f"HOROVOD_STALL_SHUTDOWN_TIME_SECONDS={shutdown}: Horovod shut itself down after the stall (ranks marked '!').")
    else:
        fix.append("Set HOROVOD_STALL_SHUTDOWN_TIME_SECONDS=600 so a stall ends the job instead of hanging it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
