"""Computed diagnosis for python.relative-import: the script that was run directly and the module
command that runs it as part of its package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _module_name(script: str) -> str:
    """'/home/u/repo/pkg/tools/train.py' -> 'tools.train' style guess: the last two path parts."""
    parts = [p for p in script.replace("\\", "/").split("/") if p and p not in (".", "..")]
    if not parts:
        return ""
    parts[-1] = parts[-1][:-3] if parts[-1].endswith(".py") else parts[-1]
    return ".".join(parts[-2:]) if len(parts) >= 2 else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    script = str(facts.get("script") or "")
    code = str(facts.get("code") or "").strip()
    name = script.replace("\\", "/").rsplit("/", 1)[-1] if script else ""
    derived = {"script_text": f" in {name}" if name else ""}
    beyond = "beyond top-level" in problem
    parts = []
    if beyond:
        parts.append("The relative import climbs above the top-level package the module was imported under: the program was started from a folder inside the package (or PYTHONPATH points into it).")
    else:
        parts.append(f"{name or 'The file'} uses a relative import" + (f" (`{code}`)" if code else "")
                     + " but was run directly as a script, so it has no parent package to resolve the dots against.")
    fix = []
    mod = _module_name(script)
    if beyond:
        fix.append("Start the program from the repository root (the folder that contains the top-level package) and remove package folders from PYTHONPATH.")
    elif mod:
        fix.append(f"Run it as a module from the folder that contains its package, e.g. `python -m {mod}` (adjust to the full dotted path from the repository root), "
                   "or change the relative import to an absolute one and install the project with `pip install -e .`.")
    else:
        fix.append("Run it as a module from the repository root (`python -m package.script`, no .py), or make the import absolute and install the project with `pip install -e .`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
