"""Computed diagnosis for nccl.watchdog-timeout: which collective, how long, who to suspect."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OP_HINTS = {
    "ALLREDUCE": "all_reduce (DDP gradient buckets, loss/metric reduction, barrier)",
    "BROADCAST": "broadcast (DDP parameter/buffer sync at start-up or broadcast_buffers, rank-0 object broadcast)",
    "_ALLGATHER_BASE": "all_gather_into_tensor (FSDP/ZeRO-3 parameter gather, tensor-parallel gather)",
    "ALLGATHER": "all_gather",
    "_REDUCE_SCATTER_BASE": "reduce_scatter_tensor (FSDP/ZeRO gradient reduce-scatter)",
    "REDUCE_SCATTER": "reduce_scatter",
    "COALESCED": "a coalesced group of collectives",
    "SEND": "point-to-point send (pipeline parallelism)",
    "RECV": "point-to-point recv (pipeline parallelism)",
    "GATHER": "gather",
    "SCATTER": "scatter",
    "REDUCE": "reduce",
    "ALLTOALL_BASE": "all_to_all (MoE expert dispatch)",
    "ALLTOALL": "all_to_all (MoE expert dispatch)",
    "BARRIER": "barrier",
}


def _minutes(ms: int) -> str:
    m = ms / 60000
    return f"{m:.0f} min" if abs(m - round(m)) < 0.05 else f"{m:.1f} min"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    seq = facts.get("seqnum")
    timeout_ms = facts.get("timeout_ms")
    ran_ms = facts.get("ran_for_ms")
    numel = facts.get("numel")
    last_enq = facts.get("last_enqueued")
    last_done = facts.get("last_completed")
    rank = facts.get("rank")
    if op is None and seq is None and last_done is None:
        return None

    who = f"Rank {rank}" if isinstance(rank, int) else "This rank"
    parts: list[str] = []
    derived: dict[str, Any] = {}
    what = f"{op}" if op else "a collective"
    if isinstance(seq, int):
        what += f" #{seq} (SeqNum)"
    if isinstance(timeout_ms, int):
        derived["timeout_min"] = round(timeout_ms / 60000, 2)
        waited = f" for {_minutes(ran_ms)}" if isinstance(ran_ms, int) else ""
        parts.append(
            f"{who} enqueued {what} and waited{waited} without it completing; the process-group timeout is "
            f"{timeout_ms} ms ({_minutes(timeout_ms)}), so the watchdog aborted the communicator and killed the process."
        )
    else:
        parts.append(f"{who}'s watchdog reported {what} as failed or timed out and took the process down.")
    if op and op in _OP_HINTS:
        parts.append(f"{op} is {_OP_HINTS[op]}.")
    if isinstance(numel, int):
        derived["numel"] = numel
        if numel <= 1:
            parts.append(
                "NumelIn=1 is a scalar collective (a loss/metric all_reduce or a barrier): look for a rank that "
                "skipped or reordered its logging/evaluation step."
            )
        else:
            parts.append(f"It moves {numel:,} elements (~{numel * 2 / 2**30:.2f} GiB in bf16/fp16, ~{numel * 4 / 2**30:.2f} GiB in fp32).")
    if isinstance(timeout_ms, int) and isinstance(ran_ms, int) and ran_ms > 2 * timeout_ms:
        derived["watchdog_late"] = True
        parts.append(
            f"It ran for {ran_ms / timeout_ms:.1f}x the timeout before being noticed: the watchdog itself was blocked "
            "(a CUDA/driver call hung or the process was frozen), which points to a GPU/driver hang rather than a slow peer."
        )
    if isinstance(last_done, int):
        derived["last_completed"] = last_done
        if isinstance(seq, int):
            if last_done == seq - 1:
                parts.append(
                    f"On this rank every collective up to #{last_done} completed and #{seq} was in flight: this rank reached the "
                    "collective and waited. The suspect is a rank that is absent from the timeout lines or whose last "
                    f"completed work is below {last_done}."
                )
            elif last_done < seq - 1:
                parts.append(
                    f"Last completed work is #{last_done}, {seq - 1 - last_done} behind the failing #{seq}: this rank itself fell behind."
                )
        if isinstance(last_enq, int) and isinstance(seq, int) and last_enq > seq:
            parts.append(f"{last_enq - seq} more collective(s) (up to #{last_enq}) were queued behind it.")
    elif isinstance(seq, int):
        parts.append(
            "This rank is usually the victim: compare SeqNum across ranks; a rank missing from the timeout lines or with a "
            "lower SeqNum is the one that did not join."
        )
    if isinstance(seq, int) and seq <= 10:
        parts.append(
            f"SeqNum {seq} is one of the first collectives: suspect start-up (a rank still loading data or weights, or "
            "NCCL unable to connect between nodes)."
        )

    fix: list[str] = []
    fix.append(
        "Get evidence of the missing rank: TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 "
        "TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/tmp/fr/rank_ NCCL_DEBUG=INFO <launcher> ..., then torchfrtrace /tmp/fr "
        "(lists the ranks that did not join each collective)."
    )
    if isinstance(timeout_ms, int):
        cur = timeout_ms / 60000
        new = max(60, int(cur * 3))
        fix.append(
            f"Only if one rank legitimately needs longer (checkpoint, eval, preprocessing): raise the timeout from "
            f"{_minutes(timeout_ms)} to e.g. {new} min with dist.init_process_group('nccl', "
            f"timeout=datetime.timedelta(minutes={new})) (HF Trainer: --ddp_timeout {new * 60})."
        )
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
