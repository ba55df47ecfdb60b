"""Computed diagnosis for absl.integer-flag-float-default: the DEFINE line to change for this flag."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    found = str(facts.get("found_type") or "")
    if not found:
        return None
    flag = facts.get("flag")
    value = str(facts.get("value") or "")
    name = f"--{flag}" if flag else "an integer flag"
    if value.lower() in ("inf", "-inf", "infinity", "nan"):
        text = (f"{name} is defined with DEFINE_integer and default {value} (np.inf): infinity is a float, and absl-py "
                "(tf.app.flags since TF 1.5) checks integer defaults when the flag is defined.")
        fix = (f"flags.DEFINE_float(\"{flag or 'name'}\", np.inf, ...) instead of DEFINE_integer.",
               f"Or an integer sentinel: flags.DEFINE_integer(\"{flag or 'name'}\", sys.maxsize, ...).")
    elif value:
        text = (f"{name} is defined with DEFINE_integer but its default {value} is a {found}; absl-py rejects it at "
                "import time.")
        fix = (f"flags.DEFINE_float(\"{flag or 'name'}\", {value}, ...) for a fractional value, or an int default.",)
    else:
        text = (f"An integer flag was given a {found} value: absl-py's integer parser accepts only int or digit strings. "
                "Look for a DEFINE_integer with a float default (np.inf, 0.8, 1e-4) at the line the traceback names.")
        fix = ("Change that DEFINE_integer to DEFINE_float, or make its default an int.",)
    return Explanation(text=text, fix=fix, derived={})
