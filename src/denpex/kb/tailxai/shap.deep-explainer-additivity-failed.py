"""Computed diagnosis for shap.deep-explainer-additivity-failed: size of the gap vs the tolerance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    diff = as_float(facts.get("max_diff"))
    if diff is None:
        diff = as_float(facts.get("sum_diff"))
    if diff is None:
        return None
    diff = abs(diff)
    tol = as_float(facts.get("tolerance")) or 0.01
    fw = str(facts.get("framework") or "").lower()
    ratio = diff / tol if tol else 0.0
    if ratio < 5:
        gap = "rounding-size"
        text = (f"The largest gap is {diff:g}, only {ratio:.1f}x the tolerance {tol:g}: typical float32 rounding over a deep "
                "network, the attributions are usable.")
        fix = ["explainer.shap_values(X, check_additivity=False)  # gap is rounding-size"]
    else:
        gap = "attributions wrong"
        text = (f"The largest gap is {diff:g}, {ratio:.0f}x the tolerance {tol:g}: the DeepLIFT rules did not cover the "
                "graph (unsupported op, reused module, or non-deterministic forward), so these attributions are wrong.")
        fix = []
        if fw in ("pytorch", "torch", ""):
            fix.append("model.eval(); give every activation its own nn.Module (no shared self.relu, inplace=False), "
                       "replace F.relu/F.softmax calls by modules")
        if fw in ("tensorflow", "keras", ""):
            fix.append("Run the Keras model in inference mode; RNN/custom ops have no DeepLIFT rule - use GradientExplainer")
        fix.append("shap.GradientExplainer(model, background).shap_values(X)")
    if fw:
        text += f" (framework: {fw})"
    return Explanation(text=text, fix=tuple(fix), derived={"gap_ratio": gap})
