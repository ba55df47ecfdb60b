"""Computed diagnosis for leggedgym.task-not-registered: malformed name, foreign copy, or task of another fork."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# tasks registered by the best-known repositories (from their envs/__init__.py)
_UPSTREAM = {"anymal_c_rough", "anymal_c_flat", "anymal_b", "a1", "cassie"}
_UNITREE = {"go2", "g1", "h1", "h1_2"}

_WHICH = "python -c \"import legged_gym; print(legged_gym.__file__)\"  # must be inside the repository you run"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = facts.get("task")
    if task is None:
        return None
    task = str(task)
    reg = str(facts.get("registry_file") or "")
    where = f" The traceback loads {reg}." if reg else ""
    clean = task.strip().strip("='\"").strip()
    if clean != task or " " in clean:
        text = (f"The task name arrived as '{task}': a stray '=', quote or space from the command line. "
                f"Registered names are single words like '{clean.split()[0] if clean else 'go2'}'.")
        fix = (f"pass --task={clean.split()[0] if clean else '<name>'} (no space after --task=, no quotes)",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "malformed --task value"})
    if clean in _UNITREE:
        text = (f"'{clean}' is registered by unitree_rl_gym, but the legged_gym Python imported does not know it: "
                "another copy (upstream leggedrobotics/legged_gym or an older clone) comes first on sys.path." + where)
        fix = (_WHICH, "pip uninstall -y legged_gym; cd unitree_rl_gym && pip install -e .",
               "remove hard-coded sys.path.append(...) lines in legged_gym/scripts/train.py")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "foreign legged_gym copy imported"})
    if clean in _UPSTREAM:
        text = (f"'{clean}' is a task of the upstream leggedrobotics/legged_gym; this fork's envs/__init__.py does not register it." + where)
        fix = ("use a task registered in this fork: grep -n 'task_registry.register' legged_gym/envs/__init__.py", _WHICH)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "task of another fork"})
    text = (f"No task '{clean}' in the registry of the imported legged_gym: either another legged_gym copy is imported, or this version "
            "renamed or removed the task." + where)
    fix = (_WHICH, "grep -n 'task_registry.register' $(python -c 'import legged_gym,os;print(os.path.dirname(legged_gym.__file__))')/envs/__init__.py")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "task missing from the imported registry"})
