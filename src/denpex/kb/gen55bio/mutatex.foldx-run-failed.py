"""Computed diagnosis for mutatex.foldx-run-failed: what the return code and binary name say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DATE = re.compile(r"foldx[_-]?(20\d{2})(\d{2})(\d{2})", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    run = str(facts.get("run") or "")
    if not run:
        return None
    code = facts.get("code")
    binary = str(facts.get("binary") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    m = _DATE.search(binary)
    if m:
        derived["binary_expires"] = f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
    if facts.get("_signature") == "terminated-before-completing" or (isinstance(code, int) and code < 0):
        derived["cause"] = "killed"
        text = f"FoldX run {run} was killed before it finished (signal): a memory/time limit or preemption, not a FoldX input error."
        fix.append("Give the FoldX jobs more memory/time, or fewer parallel runs (-n).")
    elif code == 255:
        derived["cause"] = "foldx-refused-start"
        text = (
            f"FoldX returned 255 for run {run}: it refused the job at start-up - typically runfile templates for another "
            "FoldX version, an expired or wrong-architecture binary, or FoldX 4 without rotabase.txt."
        )
        fix.append("Use the templates matching the binary (--foldx-version=suite5 with templates/foldxsuite5).")
        if "binary_expires" in derived:
            fix.append(f"The binary name says it expires on {derived['binary_expires']}; if that date has passed, download a current FoldX build.")
    else:
        derived["cause"] = "foldx-error"
        text = f"FoldX exited with code {code} for run {run}." if code is not None else f"FoldX exited with an error for run {run}."
    fix.append(f"Read FoldX's own message: rerun with -l, or run the 'command is' line by hand in the {run} folder.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
