"""Computed diagnosis for dvc.output-missing: which declared path the stage did not create."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    out = str(facts.get("output") or "")
    if not out:
        return None
    stage = facts.get("stage")
    name = f"stage '{stage}'" if stage else "the stage"
    text = f"The cmd of {name} exited 0 but did not create the declared output '{out}'."
    fix = [f"Run the cmd from the dvc.yaml folder and check: ls -la '{out}'",
           f"Make the script write exactly '{out}' (pass it as an argument), or change outs: to what it writes"]
    if "\\" in out:
        text += " The path uses backslashes (Windows): make sure the script's own output path uses the same folder and name."
    if not out.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].count("."):
        fix.append(f"'{out}' looks like a directory: create it in the script (os.makedirs('{out}', exist_ok=True)) before writing into it")
    return Explanation(text=text, fix=tuple(fix))
