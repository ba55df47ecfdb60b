"""Computed diagnosis for python.raise-non-exception: what the raise line raised."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _classify(expr: str) -> tuple[str, str]:
    e = expr.strip().rstrip(";").strip()
    inner = e[1:-1].strip() if e.startswith("(") and e.endswith(")") else e
    if re.match(r"""^[rbuf]{0,2}["']""", inner, re.I):
        text = inner.strip("\"'")
        return "string", f"a string (Python 2 idiom): the intended message is {text!r}"
    if inner == "None":
        return "None", "None"
    if re.match(r"^\w+$", inner):
        return "variable", f"the variable {inner!r}, which holds a non-exception value (a message, None or a result object)"
    if re.match(r"^[\w.]+\(", inner):
        return "call", f"the result of {inner.split('(')[0]}(...), which is not an exception instance"
    return "expression", f"the expression {inner!r}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expr = facts.get("raised_expr")
    rtype = facts.get("raised_type")
    if not expr and not rtype:
        return None
    derived: dict[str, Any] = {}
    if expr:
        kind, what = _classify(str(expr))
        derived["raised_kind"] = kind
        text = f"The raise line raises {what}, not an exception."
        if kind == "string":
            fix = (f"Change it to raise RuntimeError({str(expr).strip().strip('()')}) or upgrade the library that still uses Python 2 string exceptions.",)
        else:
            fix = (f"Wrap the value in an exception (raise RuntimeError(str({str(expr).strip()}))) to see what it holds, then fix that condition.",)
    else:
        text = f"Python 2 raised a value of type {rtype}, which is not an exception class or instance."
        fix = (f"The raise passed a {rtype}; make it raise an Exception subclass instance.",)
        derived["raised_kind"] = str(rtype)
    derived["diagnosis"] = f"raise of {derived['raised_kind']}"
    return Explanation(text=text, fix=fix, derived=derived)
