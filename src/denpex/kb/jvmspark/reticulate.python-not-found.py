"""Computed diagnosis for reticulate.python-not-found: what is wrong with the given path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    src = "use_python()" if facts.get("_signature") == "use-python-required" else "RETICULATE_PYTHON"
    windows = ":" in path[:3] or "\\" in path
    notes = []
    fix = []
    if not (path.startswith("/") or path.startswith("~") or windows):
        notes.append("it is a relative path, resolved from R's current working directory")
        fix.append(f"Use an absolute path: normalizePath('{path}') from the project root, or the full path in .Renviron.")
    if windows and ("/bin/python" in path.replace("\\", "/")) and not path.lower().endswith(".exe"):
        notes.append("on Windows conda/venv interpreters are python.exe at the env root or in Scripts, not bin/python")
        fix.append(f"Point it to {path.replace('/bin/python', '/python.exe')} (conda) or ...\\Scripts\\python.exe (venv).")
    if not fix:
        fix.append(f"Create the environment so that {path} exists (virtualenv_create / conda create), or fix the path; restart R.")
    fix.append("Or remove RETICULATE_PYTHON and select the env with use_virtualenv('name') / use_condaenv('name').")
    text = f"{src} names {path}, which does not exist"
    text += (": " + "; ".join(notes) + ".") if notes else ": the interpreter or its environment is missing on this machine."
    return Explanation(text=text, fix=tuple(fix))
