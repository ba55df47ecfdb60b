"""Computed diagnosis for python.subprocess-failed: decode the child's exit status or signal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIG = {
    "SIGKILL": "was killed with SIGKILL - almost always the kernel or container OOM killer (host RAM ran out)",
    "SIGTERM": "was asked to terminate (a timeout, a scheduler, or the parent shutting down)",
    "SIGABRT": "aborted (a C++ exception, failed native assert, or CUDA/NCCL abort)",
    "SIGBUS": "died of a bus error (usually /dev/shm too small or full)",
    "SIGINT": "was interrupted (Ctrl-C)",
}
_STATUS = {
    127: "127 means the command (or a program it runs) was not found on PATH",
    126: "126 means the command was found but is not executable",
    128: "128 is git's code for a fatal error (authentication, repository not found, network)",
    2: "2 is commonly a usage error: the command rejected its arguments",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prog = str(facts.get("program") or "the command")
    short = prog.rsplit("/", 1)[-1]
    status = facts.get("exit_status")
    sig = facts.get("signal_name")
    parts: list[str] = []
    fix: list[str] = []
    if sig:
        how = f"was killed by {sig}"
        parts.append(f"The command {short} {_SIG.get(str(sig), 'was killed by ' + str(sig))}; a process killed by a signal usually prints nothing about it.")
        if sig == "SIGKILL":
            fix.append("Confirm the OOM kill: dmesg -T | grep -iE 'killed process|out of memory' | tail; then lower the child's memory or raise the limit.")
    elif facts.get("_signature") in ("wrapper-training-failed", "wrapper-subprocess-failed"):
        how = f"exited with status {status}"
        who = prog if facts.get("program") else "the training script"
        parts.append(f"The front-end ran {who} training as a child process and the child exited with status {status}; "
                     "this line only reports that - the child's own traceback or error is printed earlier in the same console "
                     "(or in the trainer's log file), above this message.")
        fix.append("Scroll up to the first Traceback / 'Error' printed by the training script, or run the trainer command by hand to see it.")
    else:
        how = f"exited with status {status}"
        parts.append(f"The command {short} exited with status {status}; Python raised CalledProcessError because check=True was used.")
        if isinstance(status, int) and status in _STATUS:
            parts.append(_STATUS[status] + ".")
        if short == "ninja":
            parts.append("ninja failing means a C++/CUDA extension did not compile: the first 'error:' line of the compiler output above is the cause.")
        elif short in ("git", "wget", "curl"):
            parts.append(f"{short}'s own 'fatal:' / error line above says why (network, authentication, missing URL).")
        parts.append("Its own error output is just above the Python traceback, or in e.stderr / e.output if the program captured it.")
        fix.append(f"Run it by hand to see the full output: {prog} <same arguments>.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"how": how, "prog": short})
