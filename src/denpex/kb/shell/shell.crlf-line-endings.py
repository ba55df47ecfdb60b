"""Computed diagnosis for shell.crlf-line-endings: which file to convert, and what the CR broke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = str(facts.get("script") or "").lstrip("-")
    if script in ("bash", "sh", "zsh", "-bash"):
        script = ""
    interp = facts.get("interpreter")
    word = facts.get("word")
    what = facts.get("after_cr")
    line = facts.get("line")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    target = script or "the script"
    where = f"{script}, line {line}" if script and line else (script or "the script")
    if interp:
        derived["what"] = f"the shebang names '{interp}\\r'"
        parts.append(f"The first line of {target} ends with a carriage return, so the kernel looks for an interpreter named '{interp}\\r', which does not exist - {interp} itself is fine.")
    elif word is not None and facts.get("line") is not None and word in ("do", "then", "fi", "done", "else", "{", "}", "esac", "in"):
        derived["what"] = f"'{word}' followed by CR is not a keyword"
        parts.append(f"At {where} the keyword '{word}' is followed by a carriage return, so bash does not recognise it and the loop or if never closes.")
    elif word == "":
        derived["what"] = "a blank CRLF line is run as a command"
        parts.append(f"{where} is an empty line that holds only a carriage return; bash tries to run a command named CR. Every other line of the file carries the same CR at its end, so its last argument is wrong too.")
    elif word:
        derived["what"] = f"'{word}' carries a trailing CR"
        parts.append(f"At {where} the word '{word}' ends with a carriage return, so the command gets '{word}\\r' (a file or directory that does not exist).")
    elif what:
        derived["what"] = f"a raw carriage return before ': {what}'"
        parts.append(f"The line starts with ': {what}' because the argument before it ended with a carriage return that moved the cursor back: the script has CRLF line endings.")
    else:
        derived["what"] = "sbatch refuses CRLF batch scripts"
        parts.append("sbatch checked the batch script and refused to submit it because it contains CR LF line breaks.")
    derived["script"] = script or "the script"
    conv = script or "<script>"
    fix = (
        f"Convert it: dos2unix {conv}   (or: sed -i 's/\\r$//' {conv})",
        "Convert all scripts of the checkout: find . -name '*.sh' -exec sed -i 's/\\r$//' {} +",
        "Keep Git from bringing CRLF back: git config --global core.autocrlf input; add '*.sh text eol=lf' to .gitattributes and run git add --renormalize .",
    )
    return Explanation(text=" ".join(parts), fix=fix, derived=derived)
