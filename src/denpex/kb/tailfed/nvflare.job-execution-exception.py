"""Computed diagnosis for nvflare.job-execution-exception: how early the job failed, and where its log is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _seconds(d: str) -> float | None:
    m = re.fullmatch(r"(?:(\d+) days?, )?(\d+):(\d{2}):(\d{2}(?:\.\d+)?)", d.strip())
    if not m:
        return None
    days = int(m.group(1) or 0)
    return days * 86400 + int(m.group(2)) * 3600 + int(m.group(3)) * 60 + float(m.group(4))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    job_id = str(facts.get("job_id") or "")
    dur = str(facts.get("duration") or "")
    derived: dict[str, Any] = {}
    secs = _seconds(dur) if dur else None
    parts = []
    if secs is not None:
        derived["duration_s"] = round(secs, 1)
        if secs < 30:
            derived["diagnosis"] = "failed at start-up"
            parts.append(f"The job ran only {secs:.1f} s: it failed while starting the apps - an import error in "
                         "custom code, a component in config_fed_*.json that cannot be built, or a data path missing on a site.")
        else:
            derived["diagnosis"] = "failed during training"
            parts.append(f"The job ran {secs:.0f} s before failing: a runtime error or a dead client process on one site.")
    else:
        derived["diagnosis"] = "an app raised on some site"
    where = job_id or "<job_id>"
    parts.append("FLARE keeps the traceback in the failing site's job log.")
    fix = (
        f"admin console: download_job {where}  then read <download_dir>/{where}/workspace/log.txt",
        f"on each client: less <client_workspace>/{where}/log.txt  # first Traceback",
    )
    return Explanation(text=" ".join(parts), fix=fix, derived=derived)
