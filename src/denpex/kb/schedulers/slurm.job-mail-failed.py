"""Computed diagnosis for slurm.job-mail-failed: what the job's end state, exit code or signal means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {9: "SIGKILL", 15: "SIGTERM", 6: "SIGABRT", 11: "SIGSEGV", 7: "SIGBUS", 2: "SIGINT"}


def _seconds(t: Any) -> int | None:
    m = re.fullmatch(r"(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)", str(t or ""))
    if not m:
        return None
    d, h, mi, s = (int(x) if x else 0 for x in m.groups())
    return ((d * 24 + h) * 60 + mi) * 60 + s


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    state, code, sig = facts.get("job_state"), facts.get("exit_code"), facts.get("signal")
    job = facts.get("job_id") or "?"
    secs = _seconds(facts.get("run_time"))
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if secs is not None:
        derived["run_seconds"] = secs
    ran = f" after {facts['run_time']}" if facts.get("run_time") else ""
    out = f"slurm-{str(job).split('_')[0]}.out"
    if state == "OUT_OF_MEMORY":
        what = f"ran out of its memory request{ran}"
        parts.append(f"Job {job} reached its memory limit (--mem / --mem-per-cpu / --mem-per-gpu) and the kernel killed a process in it{ran}.")
        fix += [f"Check usage: sacct -j {job} -o JobID,MaxRSS,ReqMem; request more (e.g. #SBATCH --mem=<MaxRSS + 20%>) or reduce it (batch size, DataLoader workers, data loaded in RAM)."]
    elif state == "TIMEOUT":
        what = f"hit its time limit{ran}"
        parts.append(f"Job {job} was stopped at its --time limit{ran}.")
        fix += ["Raise #SBATCH --time (up to the partition's MaxTime: sinfo -o '%P %l'), or save checkpoints and resubmit/--requeue to resume."]
    elif state in ("NODE_FAIL", "BOOT_FAIL"):
        what = f"lost its node ({state})"
        parts.append(f"Job {job} ended because a node failed ({state}); the program was not at fault.")
        fix += ["Resubmit (sbatch --requeue) and resume from the last checkpoint; report the node (sacct -j <id> -o NodeList) if it repeats."]
    elif state in ("PREEMPTED", "DEADLINE"):
        what = f"was ended by the scheduler ({state})"
        parts.append(f"Job {job} was ended by the scheduler ({state}), not by its own error.")
        fix += ["Resubmit with --requeue and resume from checkpoints; use a non-preemptible QOS/partition for long runs."]
    elif isinstance(sig, int):
        name = _SIGNALS.get(sig, f"signal {sig}")
        what = f"batch script killed by {name}"
        if sig == 9:
            parts.append(f"The batch script of job {job} was killed with SIGKILL: usually the memory cgroup / OOM killer (job over its --mem), otherwise scancel --signal=KILL or a node-side cleanup. Empty output files fit this: the process had no chance to print.")
            fix += [f"sacct -j {job} -o JobID,State,MaxRSS,ReqMem,NodeList and dmesg on that node for oom-kill; raise --mem or reduce memory."]
        else:
            parts.append(f"The batch script of job {job} ended by {name}.")
            fix += ["Read the job's output file for the process that received the signal."]
    elif isinstance(code, int) and code:
        what = f"batch script exited with status {code}{ran}"
        parts.append(f"Job {job}'s batch script exited with status {code}{ran}: the program inside failed on its own (status 1 is typical of a Python exception). The error is in the job's output file, not in this record.")
        if code > 128:
            parts.append(f"Status {code} = 128 + {code - 128}: a command in the script was killed by {_SIGNALS.get(code - 128, 'signal ' + str(code - 128))}.")
        fix += [f"Open the job output ({out} unless #SBATCH -o/-e set another name) and fix the error printed there; denpex diagnose {out}."]
    else:
        what = f"ended {state or 'abnormally'}{ran}"
        parts.append(f"Job {job} ended in state {state or '?'}.")
        fix += [f"sacct -j {job} -o JobID,State,ExitCode,DerivedExitCode and read the job output file."]
    derived["what"] = what
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
