"""Computed diagnosis for python.catch-non-exception: what the except clause holds."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expr = str(facts.get("except_expr") or "").strip()
    expr = re.sub(r"\s+as\s+\w+\s*$", "", expr)
    if not expr:
        return None
    if re.search(r"(==|!=|>=|<=|[<>]| and | or |\bnot\b|\bin\b)", expr):
        kind = "condition in except clause"
        text = (f"The except clause holds a condition ({expr}): it evaluates to True/False, not to an exception class. "
                "Version or value checks belong inside the handler.")
        fix = ("Rewrite as: except Exception: (or the specific error), then if <condition>: ... else: raise inside the handler.",)
    elif expr.startswith("("):
        kind = "tuple with a non-exception member"
        text = f"One member of the tuple {expr} is not an exception class."
        fix = ("Check each name with issubclass(name, BaseException) and import the right error classes.",)
    else:
        kind = "name that is not an exception class"
        text = (f"'{expr}' is not an exception class here: a module, function, plain class or an error name that changed "
                "meaning in the installed library version.")
        fix = (f"python -c \"print(type({expr.split(' as ')[0]}))\" in the same context; import the real exception class.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
