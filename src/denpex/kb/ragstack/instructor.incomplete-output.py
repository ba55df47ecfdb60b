"""Computed diagnosis for instructor.incomplete-output: wrapped or direct."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("wrapped"):
        text = ("The reply hit max_tokens; instructor retried with the same limit and then wrapped the truncation in "
                "InstructorRetryException (so an except IncompleteOutputException clause did not fire).")
        fix = ("Raise max_tokens for this call (and catch InstructorRetryException, checking e.last_completion's finish_reason == 'length').",
               "Or shrink the response_model's output (bounded lists, shorter fields, per-chunk extraction).")
        return Explanation(text=text, fix=fix, derived={"wrapped": "yes"})
    return None
