"""Computed diagnosis for seqio.task-not-found: unregistered name vs missing offline cache."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").rstrip(".")
    if not task:
        return None
    if facts.get("_signature") == "not-cached":
        diagnosis = f"task '{task}' is registered but has no offline cache"
        text = (f"SeqIO knows '{task}' but was asked for its cached version (use_cached=True / USE_CACHED_TASKS=True) and no "
                "global cache directory holds a folder for it.")
        fix = ("Run without the cache: --gin.USE_CACHED_TASKS=False (or use_cached=False).",
               f"Or build it: seqio_cache_tasks --tasks={task} --output_cache_dir=<dir> --module_import=<module> and seqio.add_global_cache_dirs(['<dir>']).")
    else:
        prefix = task.split(":", 1)[0] if ":" in task else ""
        diagnosis = f"task or mixture '{task}' is not registered"
        text = (f"No module that registers '{task}' was imported before the lookup, or the name differs from the registered one."
                + (f" The '{prefix}:' prefix suggests it is defined in the {prefix} package's tasks module." if prefix else ""))
        fix = ("Import the registering module: gin 'import <pkg>.tasks' or --gin.MIXTURE_OR_TASK_MODULE=\"<pkg>.tasks\".",
               "List what is registered: python -c \"import seqio, <pkg>.tasks; print(sorted(seqio.TaskRegistry.names()))\".")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
