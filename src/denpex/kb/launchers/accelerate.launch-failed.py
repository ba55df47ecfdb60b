"""Computed diagnosis for accelerate.launch-failed: decode the child's exit status or signal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIG = {
    "SIGKILL": "was killed with SIGKILL: almost always the kernel or container OOM killer because host RAM ran out",
    "SIGSEGV": "crashed with a segmentation fault in native code (an extension, the driver, a bad pointer)",
    "SIGABRT": "aborted (a C++ exception, a failed native assert, or a CUDA/NCCL abort)",
    "SIGBUS": "died of a bus error, usually shared memory (/dev/shm) too small or full",
    "SIGTERM": "was asked to terminate (by a scheduler, a timeout or Ctrl-C of the parent)",
    "SIGINT": "was interrupted (Ctrl-C)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = facts.get("script") or "the script"
    status = facts.get("exit_status")
    sig = facts.get("signal_name")
    derived: dict[str, Any] = {"script": script}
    parts: list[str] = []
    fix: list[str] = []
    if sig:
        derived["how"] = f"was killed by {sig}"
        parts.append(f"accelerate launch started {script} as a child process, and the child {_SIG.get(str(sig), 'was killed by ' + str(sig))}.")
        parts.append("A process killed by a signal prints no Python traceback, so the log above may show nothing.")
        if sig == "SIGKILL":
            fix.append("Confirm the OOM kill: dmesg -T | grep -iE 'killed process|out of memory' | tail (or the container's OOMKilled status).")
            fix.append("Lower host RAM use: from_pretrained(..., low_cpu_mem_usage=True or device_map=...), fewer DataLoader workers, smaller prefetch, or more RAM/swap.")
        elif sig == "SIGSEGV":
            fix.append(f"Re-run with python -X faulthandler {script} <args> to get the native crash location.")
    elif status is not None:
        derived["how"] = f"exited with status {status}"
        if status == 1:
            parts.append(f"accelerate launch started {script} as a child process and it exited with status 1: an uncaught Python exception (or sys.exit(1)). Its traceback is the one printed just ABOVE accelerate's traceback.")
        elif status == 2:
            parts.append(f"{script} exited with status 2, which is usually argparse rejecting the command-line arguments (the usage message is printed above).")
        elif status > 128 and status - 128 in (9, 11, 6, 7, 15):
            n = status - 128
            name = {9: "SIGKILL", 11: "SIGSEGV", 6: "SIGABRT", 7: "SIGBUS", 15: "SIGTERM"}[n]
            parts.append(f"{script} exited with status {status} = 128 + {n}: a shell wrapper reports that the process got {name} - it {_SIG[name]}.")
        else:
            parts.append(f"{script} exited with status {status}; the script (or a tool it ran) chose that code - its output above says why.")
        fix.append(f"Run it without the launcher to see the error directly: python {script} <same args>.")
    else:
        derived["how"] = "failed"
        parts.append(f"accelerate launch reports that {script} failed; the child's own output above holds the cause.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
