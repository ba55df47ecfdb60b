"""Computed diagnosis for pip.invalid-requirement: classify the text pip received."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _strip_outer(req: str) -> str:
    # pip 24.1+ wraps the spec in quotes of its own: "'x'" or 'x'
    if len(req) >= 2 and req[0] == req[-1] and req[0] in "\"'":
        return req[1:-1]
    return req


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("requirement") or "").strip()
    near = str(facts.get("near") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    if not raw and not near:
        return None
    req = _strip_outer(raw) if raw else near.strip("'\"")
    low = req.lower()
    if req[:1] in "'\"" or req[-1:] in "'\"":
        inner = req.strip("'\"")
        what = "the shell passed the quotes through"
        text = (f"pip received the quotes as part of the requirement ({req}): single quotes are not removed by cmd.exe, "
                "PowerShell (for native programs) or !pip in a notebook on Windows.")
        fix = (f"pip install \"{inner}\"   (double quotes, or no quotes at all)",)
        cause = "quotes"
    elif low.startswith(("<html", "<!doctype", "<?xml", "<head")):
        what = "the requirements file is an HTML page"
        text = "The requirements file contains HTML: it was downloaded from a web page (GitHub 'blob' view, login page) instead of the raw file."
        fix = ("Download the raw file (raw.githubusercontent.com/... or the 'Raw' button) and check it with head requirements.txt.",)
        cause = "html"
    elif req[:1] in "\u2014\u2013" or "\u2014" in req or "\u2013" in req:
        what = "a typographic dash instead of --"
        text = f"{req} starts with an em/en dash pasted from a document, so pip read an option as a package name."
        fix = ("Retype the option with two ASCII hyphens: --upgrade, -r requirements.txt.",)
        cause = "dash"
    elif re.search(r"[A-Za-z0-9_.-]\s+[A-Za-z]", req) and not re.search(r"[<>=!~;@]", req):
        names = req.split()
        what = "several packages in one argument" if len(names) <= 6 else "a line of prose, not a requirement"
        text = (f"'{req}' reached pip as ONE requirement: " + ("pass the names as separate arguments." if len(names) <= 6 else
                "the requirements file contains text that is not a package line."))
        fix = (("pip install " + " ".join(names)) if len(names) <= 6 else "Delete the line or put '#' in front of it.",)
        cause = "spaces"
    elif re.search(r"(?<![=<>!~])=(?!=)", req):
        what = "'=' used instead of '=='"
        fixed = re.sub(r"(?<![=<>!~])=(?!=)", "==", req)
        text = f"{req} uses a single '=' (conda syntax); pip needs '=='."
        fix = (f"pip install \"{fixed}\"",)
        cause = "single-equals"
    else:
        what = "not a valid PEP 508 specifier" + (f" ({reason})" if reason else "")
        text = (f"'{req}' is not a valid requirement" + (f": {reason}" if reason else "") +
                ". Check the name, the version after == (a version number), extras in [..] without spaces, and a URL after '@'.")
        fix = ("Rewrite it as name==1.2.3, name[extra]>=1.0, or name @ git+https://...; remove stray text from the requirements line.",)
        cause = "syntax"
    shown = raw or (f"near {near}" if near else req)
    return Explanation(text=text, fix=fix, derived={"what": what, "cause": cause, "shown": shown})
