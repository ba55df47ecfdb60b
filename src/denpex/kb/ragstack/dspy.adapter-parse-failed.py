"""Computed diagnosis for dspy.adapter-parse-failed: which fields are missing and why that matters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _fields(v: Any) -> list[str]:
    s = str(v or "").replace("'", "").replace('"', "")
    return [f.strip() for f in s.split(",") if f.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp = _fields(facts.get("expected_fields"))
    if not exp:
        return None
    got = _fields(facts.get("actual_fields"))
    adapter = str(facts.get("adapter") or "the adapter")
    missing = [f for f in exp if f not in got]
    if not got:
        text = (f"{adapter} found none of the output fields {exp} in the reply: the model ignored the output format "
                "(prose, think tags, nested or fenced JSON) or produced nothing.")
        fix = ("Look at the 'LM Response' part of the error; if the object is nested or wrapped, switch adapter "
               "(dspy.JSONAdapter() with structured outputs, or ChatAdapter) or use a model that follows the format.",
               "Use temperature 0 and a shorter signature for small local models.")
    else:
        text = (f"{adapter} parsed {got} but not {missing}: the reply stopped or drifted before those fields "
                "(often truncation by max_tokens after a long reasoning field).")
        fix = ("Raise max_tokens, e.g. dspy.LM(model, max_tokens=4000), and check the reply's finish reason.",
               f"Or make {', '.join(missing)} shorter/optional in the signature.")
    return Explanation(text=text, fix=fix, derived={"actual_fields": ", ".join(got)})
