"""Computed diagnosis for lime.label-not-in-explanation: name the label and the likely request mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    label = facts.get("label")
    if label is None or str(label) == "":
        return None
    lab = str(label)
    if lab == "1":
        text = ("The explanation has no surrogate for label 1, the default of as_list()/as_pyplot_figure(). Either "
                "top_labels=1 explained another class for this row, or the predict function returns a single column "
                "(binary sigmoid model) so only label 0 exists.")
        fix = ("exp.as_list(label=exp.available_labels()[0])",
               "Binary sigmoid model: return np.hstack([1 - p, p]) from the predict function.")
    else:
        text = (f"Label {lab} was not explained: explain_instance only fits the labels passed in labels= or the "
                "top_labels predicted classes of this instance.")
        fix = (f"explainer.explain_instance(x, predict_fn, labels=({lab},)) or top_labels=<number of classes>",)
    return Explanation(text=text, fix=fix)
