"""Computed diagnosis for llamafactory.torchrun-child-failed: what torchrun's exit says and how to rerun to see the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {"SIGKILL": "killed outright, usually the host OOM killer", "SIGTERM": "terminated from outside",
            "SIGSEGV": "a segmentation fault", "SIGABRT": "an abort"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("exit_status")
    signame = facts.get("signal_name")
    nproc = facts.get("nproc_per_node")
    nnodes = facts.get("nnodes")
    config = facts.get("config")
    port = facts.get("master_port")
    if status is None and signame is None and nproc is None:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    world = nproc * nnodes if isinstance(nproc, int) and isinstance(nnodes, int) else None
    if world is not None:
        derived["world_size"] = world
    run = f"torchrun with {nproc} process(es) per node" + (f" on {nnodes} node(s), {world} ranks in all" if world is not None else "")
    if isinstance(status, int):
        derived["headline"] = f"LLaMA-Factory: torchrun ({world if world is not None else '?'} ranks) exited with status {status}; the cause is a rank's error above"
        parts.append(f"llamafactory-cli ran {run} on launcher.py" + (f" with {config}" if config else "")
                     + f", and torchrun exited with status {status}.")
        if status == 1:
            parts.append("Status 1 is torchrun's answer to any failed worker: read its 'Root Cause' block (exitcode of the rank) and that rank's "
                         "traceback above it; a negative exitcode there is a signal (-9 = host OOM killer).")
        else:
            parts.append(f"Status {status} came from torchrun itself (an argument or rendezvous error): its own message is just above.")
    elif signame:
        derived["headline"] = f"LLaMA-Factory: torchrun was killed by {signame}"
        parts.append(f"torchrun itself died of {signame} ({_SIGNALS.get(str(signame), 'a signal')}), so every rank went with it.")
    parts.append("This line is only the CLI re-raising torchrun's exit: it says nothing about the cause.")
    fix.append("Find the first '[rankN]: Traceback' (or the first 'Error'/'Exception' line) above this line and fix that error.")
    if config:
        fix.append(f"Reproduce with a plain traceback on one device: CUDA_VISIBLE_DEVICES=0 llamafactory-cli train {config}")
    if isinstance(port, int):
        derived["master_port"] = port
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
