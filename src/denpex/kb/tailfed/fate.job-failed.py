"""Computed diagnosis for fate.job-failed: submit time from the job id and the commands to get its logs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    job_id = str(facts.get("job_id") or "")
    if not job_id.isdigit():
        return None
    derived: dict[str, Any] = {"diagnosis": "a component failed on some party; read its fate_flow logs"}
    text = f"FATE job {job_id} ended failed."
    if len(job_id) >= 14:
        y, mo, d, h, mi, s = job_id[0:4], job_id[4:6], job_id[6:8], job_id[8:10], job_id[10:12], job_id[12:14]
        if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31 and int(h) < 24 and int(mi) < 60 and int(s) < 61:
            derived["submitted"] = f"{y}-{mo}-{d} {h}:{mi}:{s}"
            text += f" FATE job ids start with the submit time: {derived['submitted']} (fate_flow server clock)."
    text += " The client only polls the status; the error is in the job's logs on each party."
    fix = (
        f"flow job log -j {job_id} -o ./fate_logs && grep -rn ERROR ./fate_logs | head",
        f"flow task query -j {job_id} -s failed  # which component / party failed",
        f"On the fate_flow host: ls /data/projects/fate/fateflow/logs/{job_id}/  (fate_flow_schedule.log, <role>/<party>/<component>/ERROR.log)",
    )
    return Explanation(text=text, fix=fix, derived=derived)
