"""Computed diagnosis for python.c-extension-null-return: extension bug vs swallowed callback error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _owner(callable_repr: str) -> str:
    m = re.search(r"of '([\w.]+)' objects|of ([\w.]+) object at|<class '([\w.]+)'>|<built-in (?:function|method) ([\w.]+)", callable_repr)
    if not m:
        return callable_repr.strip("<>")
    return next(g for g in m.groups() if g)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    form = str(facts.get("form") or "")
    callable_repr = str(facts.get("callable") or "").strip()
    inner = str(facts.get("inner") or "").strip()
    owner = _owner(callable_repr) if callable_repr else "a C function"
    if "result with" in form:
        if inner and inner != "SystemError":
            art = "an" if inner[:1] in "AEIOU" else "a"
            text = (f"{owner} returned normally while {art} {inner} was pending: the {inner} printed above was raised inside the C call "
                    f"(in a Python callback or nested call) and the C code ignored it. That {inner} is the real failure.")
            fix = (f"Fix the {inner} shown above the SystemError (its traceback points at the callback or call that raised).",
                   "If the raising code is your callback (Qt slot, stream write, hook), catch exceptions inside it.")
        elif owner == "OSError":
            text = ("Building an OSError while another error was pending: on Windows this typically comes from os.kill() (signal 0 used as an is-alive probe, or a console signal such as SIGINT) "
                    "on a process that is gone or not a console process; the failure is in process shutdown code, not in the model or data.")
            fix = ("On Windows stop processes with proc.terminate() / os.kill(pid, signal.SIGTERM) instead of SIGINT, and guard it with try/except OSError.",)
            return Explanation(text=text, fix=fix, derived={"owner": owner})
        else:
            text = f"{owner} returned a result although an exception was pending: a callback or nested call raised inside it and the C code did not check."
            fix = ("Look above for the first exception (The above exception was the direct cause ...) and fix it; upgrade the package owning the callable.",)
        return Explanation(text=text, fix=fix, derived={"owner": owner})
    text = f"{owner} failed without reporting why (NULL return, no exception): a bug or an unreported failure inside that extension, not in your Python code."
    fix = [f"Upgrade the package providing {owner} (pip install -U <package>), or reinstall it for this Python version.",
           "Search the package's issue tracker for the function name; a newer release usually reports the real error."]
    if "error return" in form or "PyObject_Call" in form:
        text = "A C extension returned failure without setting an exception (old Python 2 / early Python 3 wording): a bug in the extension that ran last in the traceback."
    return Explanation(text=text, fix=tuple(fix), derived={"owner": owner})
