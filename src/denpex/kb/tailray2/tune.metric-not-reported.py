"""Computed diagnosis for tune.metric-not-reported: which user keys the trial did report, closest name."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_AUTO = {
    "trial_id", "experiment_id", "date", "timestamp", "pid", "hostname", "node_ip", "done",
    "time_this_iter_s", "time_total_s", "training_iteration", "iterations_since_restore",
    "time_since_restore", "timesteps_since_restore", "timesteps_total", "episodes_total",
    "experiment_tag", "warmup_time", "should_checkpoint", "checkpoint_dir_name",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    metric = facts.get("metric")
    if not metric:
        return None
    keys = re.findall(r"'([^']+)':", str(facts.get("result") or ""))
    user = [k for k in keys if k not in _AUTO and not k.startswith("config/") and k != "config"]
    wanted = [m.strip() for m in str(metric).split(",") if m.strip()]
    if keys and not user:
        return Explanation(
            text=f"The result holds only Tune's auto-filled keys (trial_id, date, done, config/...): the trainable reported no user metric at all, so '{metric}' could not be there.",
            fix=("Make the trainable (or its framework callback) report the metric: tune.report / session.report / train.report with the key, or attach the Tune callback to the framework's fit().",),
            derived={"hint": " - the result has no user-reported keys at all"},
        )
    if user:
        close = difflib.get_close_matches(wanted[0] if wanted else str(metric), user, n=1, cutoff=0.4)
        shown = ", ".join(user[:8])
        if close:
            return Explanation(
                text=f"The trial reported {shown}; '{close[0]}' looks like the intended '{metric}'.",
                fix=(f"Report the value as '{metric}', or set metric='{close[0]}' in the tuner/searcher.",),
                derived={"hint": f" - reported keys: {shown}; closest: '{close[0]}'"},
            )
        return Explanation(
            text=f"The trial reported {shown}, none of which is '{metric}'.",
            fix=(f"Add '{metric}' to every report call, or set metric= to one of: {shown}.",),
            derived={"hint": f" - reported keys: {shown}"},
        )
    return Explanation(
        text=f"A result reached Tune without '{metric}'.",
        fix=(f"Report '{metric}' in every result, or set metric= to the key you report.",),
        derived={"hint": ""},
    )
