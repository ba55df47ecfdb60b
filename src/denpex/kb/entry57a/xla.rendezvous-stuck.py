"""Computed diagnosis for xla.rendezvous-stuck: which operation waited, which rank / clique devices,
expected vs arrived threads, single- or multi-process clique, and the fixes in that order."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RANK = re.compile(r"\bfor rank (\d+)")
_DEVICES = re.compile(r"(?:clique=devices|global_devices|devices)=(?:\d+:)?\[([\d, ]*)\]")
_LOCAL = re.compile(r"(?:local_participants|num_local_participants)=(\d+)")
_RUN_ID = re.compile(r"run_id=(?:RunId: )?(-?\d+)")


def _int(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _kind(op: str) -> tuple[str, str]:
    low = op.lower()
    if "initialize clique" in low:
        return "clique-init", "NCCL clique initialisation"
    if "acquire clique" in low:
        return "clique-acquire", "NCCL clique acquisition"
    for key, label in (("collective-permute", "collective-permute"), ("collective permute", "collective-permute"),
                       ("all-reduce", "all-reduce"), ("all reduce", "all-reduce"), ("allreduce", "all-reduce"),
                       ("all gather", "all-gather"), ("all-gather", "all-gather"), ("reduce-scatter", "reduce-scatter"),
                       ("reduce scatter", "reduce-scatter"), ("all-to-all", "all-to-all"), ("all to all", "all-to-all"),
                       ("collective operation", "a collective operation")):
        if key in low:
            return "collective", label
    return "other", "an XLA rendezvous"


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").strip()
    if not op:
        return None
    sig = str(facts.get("_signature") or "")
    seconds = _int(facts.get("seconds"))
    expected = _int(facts.get("expected"))
    arrived = _int(facts.get("arrived"))
    kind, label = _kind(op)
    derived: dict[str, Any] = {"op_kind": kind}
    rank_m = _RANK.search(op)
    rank = int(rank_m.group(1)) if rank_m else None
    dev_m = _DEVICES.search(op)
    devices = [d for d in re.split(r"[,\s]+", dev_m.group(1)) if d] if dev_m else []
    local_m = _LOCAL.search(op)
    local = int(local_m.group(1)) if local_m else expected
    run_m = _RUN_ID.search(op)
    text_label = label + (f" for rank {rank}" if rank is not None else "")
    derived["op_kind_text"] = text_label
    if rank is not None:
        derived["rank"] = rank
    if devices:
        derived["clique_devices"] = len(devices)
    if run_m:
        derived["run_id"] = run_m.group(1)
    parts: list[str] = []
    terminated = sig == "termination-timeout"
    what = "aborted the process after waiting" if terminated else "has been waiting"
    parts.append(f"A device thread {what} {seconds if seconds is not None else '?'} s for {text_label} (`{op[:160]}`).")
    if expected is not None and arrived is not None:
        missing = max(expected - arrived, 0)
        derived["missing"] = missing
        parts.append(f"{arrived} of {expected} expected threads arrived: {missing} device thread(s) never reached it.")
    elif expected is not None:
        parts.append(f"{expected} local threads were expected and not all of them arrived.")
    elif terminated:
        parts.append("Not every participant arrived (or the leader's step, e.g. NCCL communicator creation, never returned).")
    multi = bool(devices) and local is not None and local > 0 and len(devices) > local
    if multi:
        hosts = -(-len(devices) // local)
        derived["processes_in_clique"] = hosts
        parts.append(f"The clique spans {len(devices)} devices while this process has {local} local participants: "
                     f"it needs about {hosts} processes, so the missing participants are on another host.")
    fix: list[str] = []
    if kind in ("clique-init", "clique-acquire"):
        if multi:
            fix.append("Make every process run the same collective: each host must call the same pmap/psum/jit with the "
                       "same shapes (a host whose script stops after jax.device_count() leaves the others waiting).")
            fix.append("Check NCCL connectivity between the hosts: NCCL_DEBUG=INFO, NCCL_SOCKET_IFNAME=<shared interface>, "
                       "open ports between the nodes.")
            fix.append("Check jax.distributed.initialize on every host: num_processes = hosts started, distinct process_id, "
                       "same coordinator address.")
        else:
            fix.append("One local device did not reach the clique set-up: read the log for an earlier error or OOM on that "
                       "device, and check that all devices run the same program.")
            fix.append("If several processes share the clique, check NCCL connectivity (NCCL_DEBUG=INFO, NCCL_SOCKET_IFNAME).")
    else:
        fix.append("A device thread did not reach this collective: look for an earlier error, OOM or host-dependent "
                   "branch, and make every device/process run the same program with the same shapes.")
        if expected is not None and expected > 1:
            fix.append("Multi-host run: check that every host runs the same program and that num_processes / process_id "
                       "match the hosts started.")
        if "RendezvousKey" in op or "collective operation" in op:
            fix.append("On CPU (simulated devices) a loop that never blocks can queue more collectives than the thread "
                       "pool serves: block on a result each step (float(loss)) or raise the CPU collective timeouts.")
    fix.append("If a peer is only slow (data loading, compilation), raise the XLA warn/terminate rendezvous timeouts via "
               "XLA_FLAGS rather than letting the watchdog abort.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError, ZeroDivisionError):
        return None
