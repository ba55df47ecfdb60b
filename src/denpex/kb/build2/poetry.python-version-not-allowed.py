"""Computed diagnosis for poetry.python-version-not-allowed: which interpreter to install and select."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _target(allowed: str) -> str | None:
    """A concrete X.Y inside the constraint (good enough for ^, ~, >=,< and exact pins)."""
    m = re.search(r"(?:\^|~=?|>=?|==)?\s*(3\.\d+)", allowed)
    if not m:
        return None
    major_minor = m.group(1)
    if re.search(r"(?<![<=])>\s*3\.\d+", allowed) and not re.search(r">=", allowed):
        minor = int(major_minor.split(".")[1]) + 1
        return f"3.{minor}"
    return major_minor


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    py, allowed = str(facts.get("python") or ""), str(facts.get("allowed") or "")
    if not allowed:
        return None
    tgt = _target(allowed)
    what = f"Python {py or '?'} outside the project range {allowed}"
    text = (f"The project allows Python {allowed}; Poetry is using {py or 'an interpreter'} and found no python3.X on PATH "
            "inside that range to build the virtualenv with.")
    fix = []
    if tgt:
        fix.append(f"Install Python {tgt} (pyenv install {tgt} / apt install python{tgt} python{tgt}-venv / uv python install {tgt}).")
        fix.append(f"poetry env remove --all; poetry env use python{tgt}; poetry install")
    else:
        fix.append("Install a Python inside the range, then poetry env use /path/to/that/python && poetry install.")
    fix.append("Only if the code really supports your version: widen python = in pyproject.toml and run poetry lock.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
