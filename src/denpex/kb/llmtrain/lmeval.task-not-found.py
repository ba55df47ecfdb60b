"""Computed diagnosis for lmeval.task-not-found: which names failed and the likely reason for each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEWER = ("leaderboard_", "mmlu_pro", "minerva_math", "aime", "gpqa", "ifeval", "bbh_", "math_500", "humaneval", "mbpp")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "no-tasks-found":
        return Explanation(
            text=("The task list resolved to nothing. Most often a directory in the working directory has the "
                  "task's name and is read as a task path without configs."),
            fix=("Run lm-eval from another directory (or rename the folder named like the task).",
                 "Check the names with lm-eval --tasks list."),
            derived={},
        )
    raw = str(facts.get("tasks") or "").strip()
    if not raw:
        return None
    names = [n.strip() for n in raw.replace("[", "").replace("]", "").replace("'", "").split(",") if n.strip()]
    cli = str(facts.get("cli") or "lm-eval")
    notes: list[str] = []
    fix: list[str] = []
    newer = [n for n in names if n.lower().startswith(_NEWER)]
    mixed = [n for n in names if "-" in n and "_" in n]
    legacy = [n for n in names if n.startswith("hendrycksTest")]
    if newer:
        notes.append(f"{', '.join(newer)} only exist in recent lm-eval releases (some also need extras).")
        fix.append("pip install -U 'lm_eval[math,ifeval,sentencepiece]' (or install from git main), then retry.")
    if legacy:
        notes.append(f"{', '.join(legacy)} are v0.3 names; v0.4 uses mmlu / mmlu_<subject>.")
        fix.append("Replace hendrycksTest-<subject> with mmlu_<subject> (or the group mmlu).")
    if mixed:
        notes.append(f"{', '.join(mixed)} mix '-' and '_'; the listed name may differ in one separator.")
    if cli.startswith("lmms"):
        notes.append("lmms-eval has its own task tree; lm-eval text tasks are not all available there.")
    fix.append(f"{cli} --tasks list | grep -i {names[0].split('_')[0]}   # find the exact registered name")
    fix.append(f"Custom YAML tasks: add --include_path <folder holding the YAML> and pass the YAML's task: name.")
    text = f"{len(names)} task name(s) not in the task index: {', '.join(names)}."
    if notes:
        text += " " + " ".join(notes)
    return Explanation(text=text, fix=tuple(fix), derived={"missing_count": len(names)})
