"""Computed diagnosis for dask.compute-failed: which function raised what on the worker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _unquote(text: str) -> str:
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "\"'":
        t = t[1:-1]
    return t


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = _unquote(str(facts.get("exception") or ""))
    func = str(facts.get("function") or "")
    key = str(facts.get("key") or "")
    derived: dict[str, Any] = {"error": exc or "an exception", "function": func or "a task function"}
    parts = [f"The task function {func or '(see the Function: line)'} raised {exc or 'an exception'} on a worker"
             + (f" while computing key {key}" if key else "") + "; Dask re-raises it in the client."]
    fix: list[str] = []
    name = exc.split("(", 1)[0]
    if name == "KeyError":
        parts.append("A KeyError inside a task usually means a variable, column or dict key present in some chunks/files is missing in this one.")
        fix.append(f"Check the key named in {exc} exists in every input file/partition the task reads.")
    elif name in ("FileNotFoundError", "PermissionError", "OSError"):
        parts.append("The worker cannot reach a path the client can: workers run on other machines or containers.")
        fix.append("Put inputs on storage every worker mounts at the same path (or an object store URL).")
    elif name in ("ModuleNotFoundError", "ImportError"):
        fix.append("Install the same packages on the workers as on the client (same image, or the PipInstall worker plugin).")
    elif name == "MemoryError":
        fix.append("Use smaller chunks/partitions or give workers more memory.")
    fix.append("Reproduce with the full traceback: dask.config.set(scheduler='synchronous') then rerun, or client.recreate_error_locally(future).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
