"""Computed diagnosis for lighteval.task-not-found: advice by suite."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").strip()
    if not task:
        return None
    suite = str(facts.get("suite") or "").strip().lower()
    if suite in ("custom", "community"):
        text = (f"'{task}' is in the {suite} suite, which only exists when the Python file that defines it "
                "is passed with --custom-tasks (and lists it in TASKS_TABLE).")
        fix = (f"Add --custom-tasks <file.py> that defines {task.split('|')[1] if '|' in task else task} "
               "(e.g. src/open_r1/evaluate.py, community_tasks/<name>_evals.py),",)
    elif suite == "extended":
        text = (f"'{task}' is an extended task; its module is skipped when the extended_tasks extra is not installed "
                "or its name changed in this lighteval version.")
        fix = ("pip install 'lighteval[extended_tasks]' (then check lighteval tasks list | grep extended),",)
    elif not suite:
        text = (f"'{task}' has no suite prefix: lighteval looks tasks up as suite|task (lighteval|, leaderboard|, "
                "custom| ...), so a bare name is only found if the installed version registers it under that exact key.")
        fix = (f"Use the full key from lighteval tasks list, e.g. 'custom|{task}|0|0' with --custom-tasks <file.py> for your own task,",)
    else:
        text = f"'{task}' is not registered in the {suite} suite of the installed lighteval."
        fix = (f"Copy the exact name from lighteval tasks list | grep -i {task.split('|')[1].split(':')[0] if '|' in task else task},",)
    fix = fix + ("match the task spec format (suite|task|few_shot[|truncate]) to the installed lighteval version.",)
    return Explanation(text=text, fix=fix, derived={})
