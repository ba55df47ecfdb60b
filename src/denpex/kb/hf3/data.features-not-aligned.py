"""Computed diagnosis for data.features-not-aligned: which column differs and how to cast it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    got = str(facts.get("got_type") or "")
    exp = str(facts.get("expected_type") or "")
    kind = ""
    both = got + " " + exp
    if "ClassLabel" in both:
        kind = "one side is a ClassLabel, the other a plain value"
    elif ("Audio" in both or "Image" in both) or ("'bytes'" in both and "'path'" in both):
        kind = "one side is an Audio/Image feature (or its bytes/path struct), the other raw paths or another encoding"
    elif ("Sequence(feature={" in got and exp.startswith("{")) or ("Sequence(feature={" in exp and got.startswith("{")):
        kind = "Sequence of dict (stored as dict of lists) vs a plain dict/list of dicts"
    elif "int32" in both and "int64" in both:
        kind = "integer width differs (int32 vs int64)"
    elif "float32" in both and "float64" in both:
        kind = "float width differs (float32 vs float64)"
    elif got.startswith("Sequence(") and exp.startswith("[") or got.startswith("[") and exp.startswith("Sequence("):
        kind = "Sequence(...) vs a list [...] feature of the same items"
    text = f"Column '{key}' has a different feature type in the datasets being combined"
    if got and exp:
        text += f": one has {got[:200]}, the first one {exp[:200]}"
    text += "." + (f" ({kind}.)" if kind else "")
    fix = (f"Cast before combining: ds_b = ds_b.cast_column('{key}', ds_a.features['{key}'])",
           f"or drop it where unused: ds_b = ds_b.remove_columns(['{key}']) (and from ds_a)",
           "then concatenate_datasets([ds_a, ds_b]) / interleave_datasets([...]).")
    return Explanation(text=text, fix=fix, derived={"mismatch": kind or "feature types differ"})
