"""Computed diagnosis for mpi.job-failed: which rank ended the job, and what its exit code or signal means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {
    9: ("SIGKILL", "was killed from outside: almost always the kernel or cgroup OOM killer because the node ran out of host RAM (or the job hit its memory limit), sometimes the scheduler"),
    11: ("SIGSEGV", "crashed with a segmentation fault in native code (an extension, the MPI/NCCL/CUDA library, a bad pointer)"),
    6: ("SIGABRT", "aborted: a C++ exception, a failed native check, glibc detecting heap corruption, or a CUDA/NCCL abort"),
    7: ("SIGBUS", "died of a bus error, usually shared memory (/dev/shm) too small or a file mapped from a vanished filesystem"),
    15: ("SIGTERM", "was asked to terminate (the scheduler's time limit or cancellation, or the launcher tearing the job down)"),
    2: ("SIGINT", "was interrupted (Ctrl-C)"),
    4: ("SIGILL", "executed an illegal instruction (a binary built for a newer CPU)"),
    8: ("SIGFPE", "hit a floating-point exception (integer division by zero in native code)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    node = facts.get("node")
    sig = facts.get("signal")
    code = facts.get("exit_code")
    pid = facts.get("pid")
    gloo = bool(facts.get("gloo_process"))
    hydra = not gloo and not facts.get("launcher") and "nonzero_procs" not in facts
    launcher = facts.get("launcher") or ("horovodrun (Gloo)" if gloo else "mpiexec (Hydra)" if hydra else "mpirun")
    who = f"rank {rank}" if rank is not None else "one rank"
    where = f" on node {node}" if node else ""
    derived: dict[str, Any] = {"launcher": launcher}
    if rank is None:
        derived["rank"] = "?"
    parts: list[str] = []
    fix: list[str] = []
    # old Hydra prints the killing signal as EXIT CODE; shells report 128+N
    if sig is None and isinstance(code, int) and code > 128 and code - 128 in _SIGNALS:
        sig = code - 128
        parts.append(f"Exit code {code} = 128 + {sig}: the process was terminated by signal {sig}.")
    if sig is None and isinstance(code, int) and code == 9 and hydra:
        sig = 9
        parts.append("Hydra's EXIT CODE 9 is the signal number of a rank that was killed (SIGKILL).")
    if sig is None and gloo and isinstance(code, int) and code < 0 and -code in _SIGNALS:
        sig = -code  # the Gloo launcher reports a process killed by signal N as -N
    if sig is not None:
        name, meaning = _SIGNALS.get(int(sig), (f"signal {sig}", f"was terminated by signal {sig}"))
        derived["how"] = f"was killed by {name} (signal {sig}){where}"
        parts.insert(0, f"{launcher} ended the job because {who}{where} {meaning}.")
        parts.append("A process killed by a signal prints no error of its own, so the lines above may show nothing from it.")
        if int(sig) == 9:
            host = node or "that node"
            fix.append(f"On {host}: dmesg -T | grep -iE 'killed process|out of memory' | tail (or journalctl -k) at the failure time; under Slurm, sacct -j <jobid> -o JobID,State,MaxRSS shows OUT_OF_MEMORY.")
            fix.append("If it was the OOM killer: fewer ranks per node, less data held per rank (streaming or memory-mapped datasets, fewer loader workers), or nodes with more RAM.")
            if pid:
                fix.append(f"The kernel line to look for names the PID: 'Killed process {pid}'.")
        elif int(sig) == 11:
            fix.append(f"Re-run with -x PYTHONFAULTHANDLER=1 (Python) or with core dumps enabled to get {who}'s native stack.")
    elif code is not None:
        derived["how"] = f"exited with status {code}{where}"
        parts.append(f"{launcher} ended the job because {who}{where} exited with status {code}; it then killed the other ranks.")
        if code == 1:
            parts.append(f"Status 1 from a Python rank is an uncaught exception (or sys.exit(1)): {who}'s traceback is earlier in the log.")
        else:
            parts.append(f"Status {code} was chosen by the program (or a wrapper script); {who}'s own output says why.")
        if gloo:
            fix.append(f"Read {who}'s own output before these lines (horovodrun --output-filename DIR writes each rank's stdout/stderr to DIR/rank.N); "
                       "when every process exits with the same status at start-up, suspect the launch itself (hosts / slots, network interface, the script failing on import).")
        else:
            fix.append(f"Read {who}'s own output before this summary (mpirun --tag-output or --output-filename DIR to separate ranks).")
    else:
        derived["how"] = f"ended abnormally{where}"
        parts.append(f"{launcher} reports that {who}{where} ended abnormally and the job was aborted; the failing rank's own output holds the cause.")
    if pid == 0:
        parts.append("PID 0 is an Open MPI reporting quirk, not a real PID.")
    if rank is not None:
        fix.append(f"Rank {rank} is the one to debug: its last lines before the job was torn down, or its per-rank log file.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
