"""Computed diagnosis for shap.additivity-check-failed: rounding-sized gap or a real input mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        s = float(facts["shap_sum"])
        m = float(facts["model_output"])
    except (KeyError, TypeError, ValueError):
        return None
    diff = abs(s - m)
    rel = diff / max(abs(m), abs(s), 1e-12)
    derived = {"abs_diff": round(diff, 6), "rel_diff": round(rel, 6)}
    if rel < 0.01:
        text = (f"SHAP sum {s:g} vs model output {m:g}: off by {diff:g} ({rel:.4%} relative). That is float32 rounding "
                "in the tree values, not a wrong explanation.")
        fix = ("Pass check_additivity=False: explainer.shap_values(X, check_additivity=False) / explainer(X, check_additivity=False).",)
    else:
        text = (f"SHAP sum {s:g} vs model output {m:g}: off by {diff:g} ({rel:.1%} relative). The explainer did not see "
                "the same input or output space as the model.")
        fix = ("Explain the matrix the model actually receives (transform with the pipeline's preprocessing first, same columns and order).",
               "Check the output space (raw margin vs probability) and that shap supports the installed xgboost/lightgbm version.",
               "Do not just disable check_additivity: the values would explain a different prediction.")
    return Explanation(text=text, fix=fix, derived=derived)
