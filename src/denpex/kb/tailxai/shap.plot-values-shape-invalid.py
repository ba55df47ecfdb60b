"""Computed diagnosis for shap.plot-values-shape-invalid: which shape problem the wording names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_SIG = {
    "bar-only-multi-output": (
        "multi-output list",
        "summary_plot got a list of per-class SHAP arrays (multi-class/multi-output model); the dot/violin summary shows one output.",
        ("shap.summary_plot(shap_values[1], X)  # one class", "shap.summary_plot(shap_values, X, plot_type='bar')  # all classes"),
    ),
    "need-matrix": (
        "single row",
        "summary_plot got a 1-D vector: the SHAP values of one row (or of one feature).",
        ("Explain many rows (explainer.shap_values(X_test)) or plot one row with shap.plots.waterfall / force_plot.",),
    ),
    "beeswarm-multi-dim": (
        "multi-output explanation",
        "beeswarm got an Explanation with an output axis ([rows, features, outputs]).",
        ("shap.plots.beeswarm(sv[:, :, 1])  # pick the class/output to show",),
    ),
    "beeswarm-single-instance": (
        "single row",
        "beeswarm got the explanation of a single row.",
        ("Pass explainer(X_many_rows), or use shap.plots.waterfall(sv[0]) for one row.",),
    ),
    "beeswarm-needs-explanation": (
        "numpy instead of Explanation",
        "shap.plots.beeswarm needs an Explanation object, not the NumPy array from .shap_values().",
        ("sv = explainer(X); shap.plots.beeswarm(sv)  # or shap.summary_plot(np_values, X) for arrays",),
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig not in _BY_SIG:
        return None
    problem, text, fix = _BY_SIG[sig]
    return Explanation(text=text, fix=fix, derived={"problem": problem})
