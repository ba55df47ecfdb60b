"""Computed diagnosis for shell.syntax-error: what the offending token says about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# bash-only builtins and keywords dash runs as commands ("[[: not found")
_BASHISMS = frozenset({"[[", "source", "shopt", "declare", "pushd", "popd", "mapfile", "readarray", "function"})
_CLOSERS = {"if": "fi", "for": "done", "while": "done", "until": "done", "case": "esac", "{": "}", "(": ")"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    token = str(facts.get("token") or "").strip()
    script = str(facts.get("script") or "")
    line = facts.get("line")
    construct, open_line, expecting = facts.get("construct"), facts.get("open_line"), facts.get("expecting")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("bad_subst"):
        token = "Bad substitution"
    bashism = token in _BASHISMS or token == "Bad substitution"
    is_dash = bashism or expecting is not None or (token.startswith('"') and not construct) or token in ("Unterminated quoted string", "Bad fd number")
    if script.rsplit("/", 1)[-1] in ("bash", "sh", "dash", "zsh"):
        script = ""
        where = "the command line (bash -c)"
    else:
        where = f"{script}, line {line}" if script and line is not None else (script or "the command line")
    derived["where"] = where
    derived["token_text"] = f"'{token}'" if token else "the line"
    tok = token.strip('"')

    if facts.get("cmd_marker"):
        derived["where"] = "cmd.exe"
        parts.append(f"cmd.exe stopped at '{token}': a value expanded inside a parenthesised if/for block contains a ')' - most often a PATH entry such as C:\\Program Files (x86)\\...; its ')' closed the block early and the rest could not be parsed.")
        fix.append("Look for the culprit with echo %PATH% (entries with parentheses, quotes or &), then run the .bat from a cmd window with a trimmed PATH (set PATH=C:\\Windows\\system32;C:\\Windows;<what you need>) or fix the line that expands it (quote it: \"%PATH%\").")
        fix.append("In a batch file you control: use setlocal EnableDelayedExpansion and !VAR! inside blocks, and save it with CRLF line endings.")
    elif script.endswith(".py"):
        parts.append(f"The shell, not Python, read {script}: the file has no #!/usr/bin/env python3 line or was started with sh/bash, so Python code was parsed as shell.")
        fix.append(f"Run it with Python: python {script} (or add #!/usr/bin/env python3 as its first line and chmod +x it).")
    elif tok in ("newline", "<", ">") and not is_dash:
        parts.append(f"At {where} bash expected a file name after a < or > redirection but found {('the end of the line' if tok == 'newline' else repr(tok))}: an angle-bracket placeholder such as <path> or <output folder> was typed literally.")
        fix.append("Replace each <placeholder> with the real value and drop the angle brackets (python train.py --data /data/mnist), or quote a value that really contains < or >.")
    elif token == "end of file" or construct:
        closer = _CLOSERS.get(str(construct), "") if construct else ""
        if construct:
            parts.append(f"The `{construct}' opened on line {open_line} of {script or 'the script'} is never closed{(' with ' + repr(closer)) if closer else ''} before the file ends.")
        else:
            parts.append(f"{script or 'The script'} ended inside an unfinished if/for/while/case, {{ }} block or quote.")
        parts.append("Typical: a missing fi/done/}/closing quote after an edit, a truncated or HTML download, or Windows line endings (fi\\r never closes the if).")
        fix.append(f"Find the unbalanced construct: bash -n {script or '<script>'}; file {script or '<script>'} (CRLF?); head {script or '<script>'} (HTML instead of a script?).")
    elif bashism:
        what = ("a bash-only parameter expansion (${var:0:1}, ${!name}, ${var//a/b}) that dash cannot expand" if token == "Bad substitution"
                else f"the bash-only {'keyword' if token in ('[[', 'function') else 'builtin'} '{token}', which dash looks up as a program and does not find")
        derived["token_text"] = f"'{token}': a bash script run by sh (dash)"
        parts.append(f"{where} is a bash script run by /bin/sh (dash on Debian/Ubuntu): it stopped at {what}. Every later line may fail the same way; the script needs bash.")
        fix.append(f"Run it with bash: bash {script or '<script>'} (or ./{script.lstrip('./') or '<script>'}, whose #!/usr/bin/env bash line picks bash), not sh {script or '<script>'}.")
    elif is_dash:
        exp = f" (it expected {expecting})" if expecting else ""
        parts.append(f"/bin/sh (dash or busybox) could not parse {where} at {token}{exp}. This is almost always bash syntax - arrays a=(...), 'function f()', [[ ]], <( ), {{a..b}} - run by a POSIX sh: sh {script or 'x.sh'}, a #!/bin/sh line, os.system or subprocess(shell=True).")
        fix.append(f"Run it with bash: bash {script or '<script>'} (or ./{script.lstrip('./') or '<script>'} with #!/usr/bin/env bash as the first line).")
    elif token in ("'", '"', "`", "$("):
        parts.append(f"An unterminated {token} quote or substitution starting before {where}.")
        fix.append("Close the quote; bash -n <script> shows where parsing ends.")
    else:
        parts.append(f"bash could not parse {where} at `{token}': a keyword or bracket out of place (missing then/do, an extra fi/done, an unescaped '(' in an unquoted word or filename).")
        fix.append(f"Check the construct just before the token: bash -n {script or '<script>'}; quote words that contain ( ) & ; < > |.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
