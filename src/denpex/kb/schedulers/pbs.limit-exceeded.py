"""Computed diagnosis for pbs.limit-exceeded: which limit, by how much, and the request to make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation


def _hms(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def _mem_bytes(value: float, unit: str, resource: str) -> float:
    # OpenPBS prints kb; TORQUE's per-node vmem/mem checks print plain bytes
    return value * 1024 if unit.lower() == "kb" else value


def _round_up_gb(nbytes: float, headroom: float = 1.25) -> int:
    return max(1, int(-(-nbytes * headroom // (1 << 30))))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = str(facts.get("resource") or "").strip()
    used = facts.get("used")
    limit = facts.get("limit")
    if not resource:
        reason = str(facts.get("mail_reason") or "")
        if "walltime" in reason or "wallclock" in reason:
            resource = "walltime"
        elif "memory" in reason:
            resource = "mem"
        elif "cpu time" in reason:
            resource = "cput"
        else:
            return Explanation(
                text="PBS aborted the job because it went over one of its resource limits (the mail does not say which). "
                     "The job's stderr file has the '=>> PBS: job killed:' line naming it.",
                fix=("qstat -xf <jobid> | grep -E 'Resource_List|resources_used'  # compare requested and used per resource",),
            )
    derived: dict[str, Any] = {"resource": resource}
    if resource in ("walltime", "cput", "pcput"):
        lim = float(limit) if limit is not None else None
        text = f"PBS killed the job because its {resource}"
        if used is not None and lim is not None:
            text += f" reached {_hms(float(used))} against a limit of {_hms(lim)}"
            derived["limit_hms"] = _hms(lim)
        text += ". Nothing crashed: the scheduler stopped the run at the limit."
        fix = []
        if lim is not None and resource == "walltime":
            new = _hms(lim * 2)
            derived["suggested_walltime"] = new
            fix.append(f"Request more time if the queue allows it: #PBS -l walltime={new} (twice the {_hms(lim)} you had); qstat -Qf <queue> | grep -i walltime shows the maximum.")
        elif resource in ("cput", "pcput"):
            fix.append("Request a larger cput, or fewer threads for the same work (cput is summed over all threads).")
        fix.append("Save checkpoints on a timer and resume in a chained job: qsub -W depend=afterany:<jobid> resume.pbs")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if resource in ("mem", "vmem", "pvmem", "pmem"):
        uu = str(facts.get("used_unit") or "")
        lu = str(facts.get("limit_unit") or uu)
        text = f"PBS killed the job because its {resource}"
        fix = []
        if limit is not None:
            lim_b = _mem_bytes(float(limit), lu, resource)
            if used is not None:
                used_b = _mem_bytes(float(used), uu, resource)
                over = used_b / lim_b if lim_b else 0
                text += f" reached {fmt_bytes(used_b)} against a limit of {fmt_bytes(lim_b)} ({over:.2f}x)"
                gb = _round_up_gb(used_b)
                derived["suggested_mem_gb"] = gb
                flag = "vmem" if resource in ("vmem", "pvmem") else "mem"
                fix.append(f"Request at least {gb}gb: #PBS -l select=1:ncpus=<n>:{flag}={gb}gb (PBS Pro) or #PBS -l {flag}={gb}gb (TORQUE).")
            else:
                text += f" went over its limit of {fmt_bytes(lim_b)}"
        else:
            text += " went over the memory limit of the job"
            fix.append("qstat -xf <jobid> | grep -E 'Resource_List.(mem|vmem)|resources_used.(mem|vmem)'  # requested vs used; request more than the used value")
        text += ". The total counts every process of the job (DataLoader workers and subprocesses included)."
        if resource in ("vmem", "pvmem"):
            text += " vmem is virtual address space: CUDA and large mmaps reserve far more than they use."
            fix.append("For GPU jobs request vmem as large as the node allows, or ask the admins to enforce mem instead of vmem.")
        fix.append("Or use less: fewer DataLoader workers, no full in-RAM dataset copies, smaller CPU-side buffers.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if resource == "ncpus":
        mode = str(facts.get("ncpus_mode") or "sum")
        cores = int(float(limit)) if limit is not None else None
        text = "PBS killed the job because it kept more cores busy than it requested"
        if used is not None and cores is not None:
            text += f" ({float(used):.2f} on average vs {cores} requested, {mode})"
        text += ": thread pools (OpenMP/MKL, torch intra-op, tokenizers, DataLoader workers) default to every core of the node."
        n = cores or "<ncpus>"
        return Explanation(
            text=text,
            fix=(f"export OMP_NUM_THREADS={n} MKL_NUM_THREADS={n} in the job script (PBS Pro sets $NCPUS); torch.set_num_threads({n}).",
                 "Keep DataLoader num_workers below the requested cores, or request more ncpus.",),
            derived=derived,
        )
    return Explanation(
        text=f"PBS killed the job for exceeding its {resource} limit.",
        fix=("qstat -xf <jobid> | grep -E 'Resource_List|resources_used'  # raise that request or use less",),
        derived=derived,
    )
