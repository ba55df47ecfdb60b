"""Computed diagnosis for shap.model-not-callable: what to pass instead of the model object."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    if not model:
        return None
    name = model.split("(", 1)[0].strip()
    if name == "None":
        text = "shap.Explainer got None as the model: the variable holding the model is empty (a fit() that returns None, an unfitted search)."
        fix = ("Pass the fitted estimator's predict function: shap.Explainer(fitted_model.predict, X_background).",)
    elif name.startswith(("XGB", "LGBM", "CatBoost")):
        text = f"shap did not recognise {name} as a tree model: the installed shap does not support this booster version."
        fix = ("pip install -U shap, or pin the booster to the last version your shap supports.",
               f"Workaround: shap.Explainer({name.lower()}.predict_proba, X_background).")
    else:
        text = f"{name} is neither a tree nor a linear model shap recognises, and an estimator object is not callable."
        fix = (f"Pass its prediction function: shap.Explainer(model.predict, X_background) (or predict_proba for classifiers) for {name},",
               "or shap.KernelExplainer(model.predict, shap.sample(X, 100)).")
    return Explanation(text=text, fix=fix, derived={"model": name})
