"""Computed diagnosis for dataloader.worker-killed: what the signal says about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_SIGNAL = {
    "Killed": (
        "host-memory",
        "SIGKILL: almost always the kernel OOM killer because host RAM or the container/job memory limit ran out.",
        "Lower num_workers / prefetch_factor and store the dataset in shared-friendly arrays; check dmesg for 'Killed process {pid}'.",
    ),
    "Terminated": (
        "external-stop",
        "SIGTERM: something outside stopped the worker (the main process shutting down, a scheduler, or a launcher after another rank failed).",
        "Look for the earlier failure that made the launcher or scheduler stop the job.",
    ),
    "Aborted": (
        "native-abort",
        "SIGABRT: native code inside the worker aborted (CUDA used in a forked worker, a C++ assertion, a library thread conflict).",
        "Reproduce with num_workers=0 to see the real traceback; do not touch CUDA in workers (or use multiprocessing_context='spawn').",
    ),
    "Segmentation fault": (
        "native-crash",
        "SIGSEGV: a native library used by the dataset crashed (image/audio decoder, custom extension), often on a corrupt sample.",
        "Reproduce with num_workers=0 to get the traceback and the sample index; validate or skip corrupt files.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid = facts.get("worker_pid")
    signal = facts.get("signal")
    code = facts.get("exit_code")
    if pid is None and signal is None:
        return None
    who = f"DataLoader worker {pid}" if pid is not None else "A DataLoader worker"
    if signal in _BY_SIGNAL:
        cause, text, fix = _BY_SIGNAL[signal]
        return Explanation(
            text=f"{who} was killed by {text}",
            fix=(fix.format(pid=pid if pid is not None else "<pid>"),),
            derived={"likely_cause": cause},
        )
    if code is not None:
        return Explanation(
            text=f"{who} exited with status {code} without reporting a Python exception to the main process.",
            fix=("Rerun with num_workers=0 so the worker's error is raised in the main process with its traceback.",),
            derived={"likely_cause": "worker-exit"},
        )
    return Explanation(
        text=f"{who} disappeared while the main process waited for a batch; it was most likely killed from outside (OOM killer).",
        fix=(f"Check dmesg for 'Killed process {pid}' and reduce num_workers / per-worker memory.",),
        derived={"likely_cause": "host-memory"},
    )
