"""Computed diagnosis for htcondor.memory-limit-exceeded: limit vs peak and the request_memory to ask for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _recommend(mb: float) -> int:
    # 25% headroom, rounded up to a whole GB (in MB)
    return int(-(-mb * 1.25 // 1024) * 1024)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    limit = facts.get("limit_mb")
    peak = facts.get("peak_mb")
    usage = facts.get("usage")
    if limit is None and usage is None:
        if facts.get("_signature") == "oom-event":
            return Explanation(text="The job hit an out-of-memory event in its slot and was held.",
                               fix=("Set request_memory explicitly (e.g. request_memory = 8GB) above the job's peak, then condor_qedit + condor_release.",),
                               derived={"diagnosis": "out-of-memory event in the slot"})
        return None
    fix: list[str] = []
    if limit is not None:
        if peak is not None and peak < 0.9 * limit:
            note = (f"the last measured usage ({peak} MB) is well below the {limit} MB limit: a short spike or a sample taken before the peak; "
                    f"the real peak was at least {limit} MB")
        elif peak is not None:
            note = f"peak {peak} MB reached the {limit} MB limit"
        else:
            note = f"the job reached the {limit} MB limit"
        rec = _recommend(float(limit)) if peak is None or peak <= limit else _recommend(float(peak))
        if rec <= limit:
            rec = limit + 1024
        diag = f"request_memory {limit} MB too small: {note}"
        fix.append(f"request_memory = {rec}MB   # in the submit file ({rec / 1024:.0f} GB, ~25% above the limit that was hit)")
        fix.append(f"condor_qedit <cluster.proc> RequestMemory {rec} && condor_release <cluster.proc>   # for jobs already held")
        fix.append("Or add: periodic_release = (HoldReasonCode == 34) && (NumJobStarts < 5) with request_memory growing on each start.")
        return Explanation(text=f"HTCondor held the job for memory: {diag}.", fix=tuple(fix),
                           derived={"diagnosis": diag, "recommended_mb": rec})
    # site periodic hold: unit unknown (MemoryUsage in MB or ResidentSetSize in KiB)
    u = int(usage)
    if u > 200000:
        gib = u / (1024 * 1024)
        diag = f"site policy held the job at memory usage {u} (ResidentSetSize KiB, about {gib:.1f} GiB)"
        rec = _recommend(u / 1024)
    else:
        diag = f"site policy held the job at memory usage {u} MB"
        rec = _recommend(float(u))
    fix.append(f"request_memory = {rec}MB   # above the usage the site policy measured")
    fix.append("condor_q -l <id> | grep -E 'RequestMemory|MemoryUsage|ResidentSetSize'   # compare with the site's SYSTEM_PERIODIC_HOLD expression")
    return Explanation(text=f"HTCondor held the job: {diag}.", fix=tuple(fix), derived={"diagnosis": diag, "recommended_mb": rec})
