"""Computed diagnosis for shell.line-continuation-broken: which line broke, and what kind of argument ran as a command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = str(facts.get("arg") or "")
    script = str(facts.get("script") or "")
    if script in ("bash", "sh", "-bash", "dash", "zsh"):
        script = ""
    line = facts.get("line")
    sig = facts.get("_signature")
    parts: list[str] = []
    fix: list[str] = []
    name = arg.split("=", 1)[0]
    if sig == "cmd-option-not-recognized" or sig == "powershell-unary-operator":
        shell = "cmd.exe" if sig == "cmd-option-not-recognized" else "PowerShell"
        headline = f"a Linux multi-line command was run in {shell}: '{arg}' ran as a command"
        parts.append(f"{shell} does not continue lines with '\\', so each line of the pasted command ran on its own: the program started without the options on the following lines, and '{name}' was run as a program.")
        fix.append("Put the whole command on one line" + (", or end lines with ^" if shell == "cmd.exe" else ", or end lines with a backtick (`)") + "; or run the .sh script under WSL / Git Bash.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline, "shell": shell})
    where = f"{script}, line {line}" if script and line else (script or "the command")
    headline = f"a broken line continuation in {where}: '{name}' ran as a command"
    if "=" in arg and not arg.startswith("-"):
        parts.append(f"'{arg}' is a Hydra/OmegaConf-style override (a dotted key is no shell variable), so it can only be an argument of the command above it.")
    else:
        parts.append(f"'{name}' is an option of the command above it, run on its own.")
    if script and line:
        parts.append(f"The continuation broke at the end of line {int(line) - 1} of {script} (or at a comment/blank line just above {line}): a space or tab after the backslash, a missing backslash, or a CR line ending. The command before the break ran without '{name}' and every option after it.")
        fix.append(f"sed -n '{max(1, int(line) - 3)},{line}p' {script} | cat -A   # a good line ends in '\\$'; fix '\\ $' or '\\^M$'")
        fix.append(f"sed -i 's/\\\\[[:space:]]*$/\\\\/' {script}   # strip whitespace after every trailing backslash")
    else:
        parts.append("A line of the multi-line command did not end in a backslash directly followed by the newline (trailing whitespace, a comment or blank line inside it), so the shell ended the command there.")
        fix.append("Remove whitespace after the trailing backslashes and any comment or blank lines inside the command (cat -A shows them).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline, "shell": "sh"})
