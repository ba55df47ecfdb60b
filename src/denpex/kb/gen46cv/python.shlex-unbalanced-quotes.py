"""Computed diagnosis for python.shlex-unbalanced-quotes: which string was split and the quoting mistake in it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "").strip()
    if not problem:
        return None
    call = str(facts.get("split_call") or "")
    init_file = str(facts.get("init_file") or "")
    path = str(facts.get("windows_path") or "")
    parts: list[str] = []
    fix: list[str] = []
    where = ""
    if init_file:
        where = f" (file {init_file})"
        parts.append(f"The launcher split the lines of {init_file} with shlex: one line has an unmatched quote.")
        fix.append(f"Open {init_file} and close the quote on the line that has an odd number of \" or ' (or comment the line out), then start again.")
    elif re.search(r"commandline_args|COMMANDLINE_ARGS", call):
        where = " (COMMANDLINE_ARGS)"
        parts.append("The web UI split COMMANDLINE_ARGS (webui-user.bat / webui-user.sh) with shlex.")
        fix.append("Edit COMMANDLINE_ARGS in webui-user.bat/.sh: every quoted path must close its quote and must not end with \\ before the closing quote.")
    elif call:
        where = f" ({call})"
        parts.append(f"The string passed to {call} is not valid POSIX shell quoting.")
    if path:
        fixed = path[:-2] + '"'
        parts.append(f"{path} ends in a backslash right before the closing quote: shlex reads \\\" as an escaped quote, so the quote never closes.")
        fix.insert(0, f"Write {fixed} (no trailing backslash) or use forward slashes: {fixed.replace(chr(92), '/')}.")
    if problem == "No escaped character":
        parts.append("The string ends in a lone backslash, which escapes nothing.")
        fix.append("Remove the trailing backslash (or double it as \\\\).")
    elif not path:
        parts.append("A quote (\" or ') is opened and never closed; a Windows path ending in \\ before its closing quote, or an apostrophe in free text, does the same.")
        fix.append("Balance the quotes; end quoted Windows paths without a backslash (\"E:\\models\", not \"E:\\models\\\").")
    derived = {"where": where}
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
