"""Computed diagnosis for conda.run-failed: which command conda ran, and where its own error is."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _argv(command: str) -> list[str]:
    c = command.strip()
    if c.startswith("["):
        try:
            v = ast.literal_eval(c)
            if isinstance(v, list):
                return [str(x) for x in v]
        except (ValueError, SyntaxError):
            pass
    return c.split()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    command = str(facts.get("command") or "").strip()
    if not command:
        return None
    argv = _argv(command)
    program = argv[0] if argv else command
    script = next((a for a in argv[1:] if a.endswith(".py")), "")
    shown = " ".join(argv) if argv else command
    derived: dict[str, Any] = {"program": script or program}
    what = f"'{shown[:200]}'"
    text = (f"conda ran {what} in the environment and it exited non-zero. conda's line never holds the cause: the command's own output "
            "(a traceback, a tool error) is printed next to it - above it, or right below it when conda captured the output.")
    fix = [f"Read the error {script or program} printed next to the conda line, or rerun it with live output: conda run -n <env> --no-capture-output {shown[:160]}"]
    if program.endswith(("pytest", "flake8", "black", "mypy", "ruff")):
        fix.insert(0, f"{program} exits non-zero when it finds failures: the report above / below is the result, not a conda problem.")
    if any(ch in re.sub(r"<[A-Z][A-Z0-9_-]*>", "", shown) for ch in "<>|&;"):  # masked values look like <USER-1>
        fix.append("The arguments contain shell characters; conda run passes them through a generated script, so quote them (or call <env>/bin/python directly).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
