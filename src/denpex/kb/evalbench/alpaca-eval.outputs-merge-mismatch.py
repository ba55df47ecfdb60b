"""Computed diagnosis for alpaca-eval.outputs-merge-mismatch: which side is short."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n1 = int(facts["n_reference"])  # outputs_1: reference / baseline
        n2 = int(facts["n_model"])  # outputs_2: the evaluated model
        na = int(facts["n_annotated"])
    except (KeyError, TypeError, ValueError):
        return None
    full = max(n1, n2)
    lost = full - na
    derived = {"examples_not_annotated": lost, "coverage_pct": round(100.0 * na / full, 1) if full else 0.0}
    if na == 0:
        text = (f"No instruction matched between the two files ({n1} vs {n2} rows): the 'instruction' strings differ "
                "(template baked in, whitespace, other dataset version); nothing was annotated.")
    elif na < min(n1, n2):
        text = (f"Both files have rows ({n1} / {n2}) but only {na} instructions match exactly: instruction text differs "
                f"or duplicates were dropped; {lost} examples are left out.")
    else:
        short = "reference outputs" if n1 < n2 else "model outputs"
        text = (f"The {short} file has only {min(n1, n2)} of {full} instructions; the win rate covers {na} examples "
                f"({derived['coverage_pct']}%), not the full set.")
    return Explanation(
        text=text,
        fix=(f"Generate outputs for all {full} instructions with the original 'instruction' field unchanged, then re-run alpaca_eval.",
             "For an intentional subset, restrict reference_outputs to the same instructions and report n_total."),
        derived=derived,
    )
