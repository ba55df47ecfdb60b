"""Computed diagnosis for metaflow.task-failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = str(facts.get("step") or "")
    if not step:
        return None
    run_id = str(facts.get("run_id") or "")
    task = str(facts.get("task_id") or "")
    path = f"{run_id or 'RUN_ID'}/{step}/{task or 'TASK_ID'}"
    text = (f"Task {path} of step '{step}' exited unsuccessfully; the cause is in that task's own output "
            "(lines with the same prefix above) - none there means it was killed by a signal (OOM, segfault).")
    fix = (f"python flow.py logs {path} --stderr",
           f"after fixing: python flow.py resume {step}")
    return Explanation(text=text, fix=fix, derived={"task_text": f" (task {path})"})
