"""Computed diagnosis for lsf.job-terminated: what the TERM_ reason means and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# reason -> (kind, meaning, fix lines)
_REASONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "TERM_MEMLIMIT": ("limit", "the job's memory reached its LSF memory limit (-M, the queue's MEMLIMIT, or a default)",
                      ("Resubmit with more memory: bsub -M <MB> -R \"rusage[mem=<MB>]\" (check LSF_UNIT_FOR_LIMITS for the unit).",
                       "Or use less: fewer DataLoader workers, no in-RAM dataset copies; every process of the job counts.")),
    "TERM_RUNLIMIT": ("limit", "the job ran longer than its run limit (-W or the queue's RUNLIMIT)",
                      ("Resubmit with a longer limit (bsub -W <hours>:<minutes>) or to a queue with a longer RUNLIMIT (bqueues -l <queue>).",
                       "Save checkpoints on a timer and resume, so the next limit costs minutes instead of the run.")),
    "TERM_CPULIMIT": ("limit", "the job used more CPU time than its CPU limit (-c or the queue's CPULIMIT)",
                      ("Request a larger CPU limit or fewer threads for the same work; CPU time is summed over all threads.",)),
    "TERM_THREADLIMIT": ("limit", "the job started more threads than its thread limit (-T or the queue's THREADLIMIT)",
                         ("Cap thread pools to the slots you asked for: OMP_NUM_THREADS=$LSB_DJOB_NUMPROC, torch.set_num_threads, DataLoader num_workers.",)),
    "TERM_PROCESSLIMIT": ("limit", "the job started more processes than its process limit (-p or PROCESSLIMIT)",
                          ("Lower the number of worker processes (DataLoader workers, multiprocessing pools) or use a queue with a higher limit.",)),
    "TERM_SWAP": ("limit", "the job's swap (virtual memory) use reached its swap limit (-v or SWAPLIMIT)",
                  ("Request a larger swap limit or lower the job's virtual memory; CUDA jobs reserve a lot of address space.",)),
    "TERM_OWNER": ("killed", "the job's owner ran bkill (you, or a workflow manager running as you)",
                   ("bhist -l <jobid>  # who sent the signal and when",
                    "If a workflow manager killed it, look for the first job that failed in its log; that one holds the cause.")),
    "TERM_FORCE_OWNER": ("killed", "the job's owner ran bkill -r (kill without cleanup)",
                         ("bhist -l <jobid>  # who sent the signal; for a workflow manager look for the first failed job",)),
    "TERM_ADMIN": ("killed", "an administrator (root or an LSF administrator) killed the job",
                   ("bhist -l <jobid>  # the administrator's name and the time; ask them why (node maintenance, policy)",)),
    "TERM_FORCE_ADMIN": ("killed", "an administrator killed the job without cleanup time",
                         ("bhist -l <jobid>; ask the administrators why",)),
    "TERM_PREEMPT": ("preempted", "a higher-priority job preempted it",
                     ("Use a non-preemptable queue, or submit rerunnable (bsub -r) and resume from checkpoints.",)),
    "TERM_REQUEUE_OWNER": ("killed", "the owner killed and requeued it (brequeue)", ("bhist -l <jobid>",)),
    "TERM_REQUEUE_ADMIN": ("killed", "an administrator killed and requeued it", ("bhist -l <jobid>",)),
    "TERM_LOAD": ("policy", "the host's load passed the queue's threshold and the job was killed", ("Resubmit; ask the admins about the host's load thresholds.",)),
    "TERM_WINDOW": ("policy", "the queue's run window closed", ("Use a queue without a run window, or fit the job inside the window.",)),
    "TERM_DEADLINE": ("policy", "the job's termination deadline (-t) passed", ("Set a later -t deadline or remove it.",)),
    "TERM_EXTERNAL_SIGNAL": ("killed", "a signal from outside LSF killed the job (e.g. the kernel OOM killer or a user's kill on the host)",
                             ("Check the host's kernel log (dmesg) for an OOM kill of the job's processes.",)),
    "TERM_CWD_NOTEXIST": ("setup", "the working directory does not exist or is not accessible on the execution host",
                          ("Submit from a directory on a shared filesystem, or set bsub -cwd to one.",)),
    "TERM_ZOMBIE": ("infra", "the job exited while LSF was not available on the host", ("Resubmit; report the host to the admins.",)),
    "TERM_RC_RECLAIM": ("preempted", "the cloud host (resource connector) was reclaimed", ("Resubmit rerunnable and resume from checkpoints.",)),
}

_SIGNALS = {130: "SIGINT", 134: "SIGABRT", 137: "SIGKILL", 138: "SIGUSR1", 140: "SIGUSR2", 143: "SIGTERM"}


def _to_mb(text: str) -> float | None:
    try:
        num, unit = text.split()
        mult = {"KB": 1 / 1024, "MB": 1.0, "GB": 1024.0, "TB": 1024.0 * 1024}[unit.upper()]
        return float(num) * mult
    except (ValueError, KeyError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("term_reason") or "").strip()
    if not reason:
        return None
    kind, meaning, fixes = _REASONS.get(
        reason, ("other", f"LSF recorded {reason} ({facts.get('term_text') or 'see bhist -l'})", ("bhist -l <jobid>",)))
    text = f"LSF ended the job with {reason}: {meaning}."
    derived: dict[str, Any] = {"kind": kind}
    fix = list(fixes)
    max_mem = facts.get("max_mem")
    req_mem = facts.get("requested_mem")
    if reason == "TERM_MEMLIMIT" and max_mem:
        mx = _to_mb(str(max_mem))
        rq = _to_mb(str(req_mem)) if req_mem else None
        if mx is not None:
            text += f" Max Memory was {max_mem}"
            if rq:
                text += f" of {req_mem} requested"
            text += "."
            want = int(-(-mx * 1.5 // 1000) * 1000)
            derived["suggested_mem_mb"] = want
            fix.insert(0, f"Request about {want} MB (1.5x the {max_mem} peak): bsub -M {want} -R \"rusage[mem={want}]\"; the peak may be higher than the sampled value.")
    run = facts.get("run_time_s")
    if reason == "TERM_RUNLIMIT" and run:
        h, m = divmod(int(run) // 60, 60)
        text += f" It had run {h} h {m:02d} min."
        if int(run) < 3 * 3600:
            text += " That is a short default limit: the queue's RUNLIMIT applied because -W was not given, or -W was read as minutes."
    code = facts.get("exit_code")
    if code is not None:
        sig = _SIGNALS.get(int(code))
        text += f" Exit code {code}" + (f" = 128 + {int(code) - 128} ({sig}), the kill signal, not a program error." if sig else ".")
    if kind == "killed" and reason.endswith("OWNER"):
        text += " When many jobs of a workflow show this, one job failed first and the workflow manager killed the rest."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
