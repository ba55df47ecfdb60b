"""Computed diagnosis for mlflow.param-overwrite: how the old and new value differ (formatting only,
paths, learning rate changed by a tuner, a resumed run) and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    old = facts.get("old_value")
    new = facts.get("new_value")
    derived: dict[str, Any] = {}
    if old is None:
        derived["old_value"] = "None"
    if new is None:
        derived["new_value"] = "?"
    o, n = str(old or ""), str(new or "")
    fix: list[str] = []
    lk = key.lower()
    if o and n and o.replace("\\", "/") == n.replace("\\", "/"):
        text = f"'{o}' and '{n}' are the same path written with different separators (Windows str(Path) vs POSIX); MLflow compares the strings."
        derived["action"] = "log paths with Path(p).as_posix()"
        fix.append(f"Log the path normalised: mlflow.log_param('{key}', Path(p).as_posix()) everywhere it is logged.")
    elif as_float(o) is not None and as_float(n) is not None and as_float(o) == as_float(n):
        text = f"'{o}' and '{n}' are the same number formatted differently; MLflow compares the strings."
        derived["action"] = "normalise the number before logging"
        fix.append(f"Log one canonical form, e.g. mlflow.log_param('{key}', repr(float(v))), from a single place.")
    elif lk in ("lr", "learning_rate") or lk.endswith((".lr", "_lr", "learning_rate")):
        text = (f"The learning rate '{key}' was logged as {o} and later as {n}: an LR finder/tuner or a scheduler changed it "
                "after the hyperparameters had been logged (Lightning's LearningRateFinder is the classic case).")
        derived["action"] = "log the changed lr as a metric or under a new key"
        fix.append("Log the tuned value under its own key (mlflow.log_param('lr_found', v)) or as a metric (mlflow.log_metric('lr', v, step=s)).")
        fix.append("Lightning: call log_hyperparams after tuning, or exclude lr from the hparams logged before it.")
    elif not o:
        text = f"'{key}' already exists in the run without a value and is now logged as '{n}': two code paths (often autolog plus manual logging) write the same key."
        derived["action"] = "log the key from one place only"
        fix.append(f"Remove one of the two log calls for '{key}', or disable that autolog for params (mlflow.<flavor>.autolog(log_params=False)).")
    else:
        text = (f"'{key}' was logged as '{o}' and now as '{n}' in the same run. Either the value changes during training, or this "
                "job resumed an existing run (start_run(run_id=...), MLFLOW_RUN_ID, a logger with run_id) with a different configuration.")
        derived["action"] = "use a metric/tag or a new run for the changed value"
        fix.append(f"If '{key}' changes during training: log it as a metric or tag instead of a param.")
        fix.append("If this is a resume with a new configuration: start a new (or nested) run instead of reusing the run id; unset MLFLOW_RUN_ID.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
