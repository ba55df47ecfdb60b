"""Computed diagnosis for dvc.stage-failed: what the stage command's exit status means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    1: "the command raised / failed (an uncaught Python exception exits 1): its traceback is printed above",
    2: "the command rejected its arguments (argparse/usage error) or the shell could not open a file",
    126: "the command exists but is not executable",
    127: "the command was not found on PATH in the shell DVC spawned",
    137: "SIGKILL (128+9): killed from outside, usually out of memory",
    -9: "SIGKILL: killed from outside, usually the OOM killer",
    -15: "SIGTERM: stopped from outside (CI timeout, scheduler)",
    143: "SIGTERM (128+15): stopped from outside (CI timeout, scheduler)",
    139: "SIGSEGV (128+11): a crash in native code",
    -11: "SIGSEGV: a crash in native code",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("exit_code")
    cmd = str(facts.get("cmd") or "").strip()
    stage = facts.get("stage")
    if code is None and not cmd:
        return None
    meaning = _EXIT.get(code) if isinstance(code, int) else None
    name = f"stage '{stage}'" if stage else "the stage"
    text = f"DVC ran the cmd of {name} ({cmd or '?'})"
    text += f" and it exited with {code}: {meaning}." if meaning else (f" and it exited with {code}." if code is not None else " and it failed.")
    fix = [f"Run it by hand from the stage's wdir: {cmd or '<cmd>'}; echo $?"]
    if code == 127 or (code == 1 and cmd.startswith(("python", "python3"))):
        fix.append("If a module/tool is missing only under dvc: install dvc in the project venv, or write the interpreter explicitly (.venv/bin/python ...)")
    if code in (137, -9):
        fix.append("Reduce peak memory (batch size, dataset loading) or run on a machine with more RAM")
    fix.append(f"dvc repro {stage}" if stage else "dvc repro")
    return Explanation(text=text, fix=tuple(fix), derived={"exit_meaning": meaning} if meaning else {})
