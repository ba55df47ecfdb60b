"""Computed diagnosis for sklearn.pipeline-fit-param-unprefixed: the prefixed keyword to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ESTIMATOR_FIT = {
    "sample_weight": "the final estimator (weights)",
    "eval_set": "the final estimator (XGBoost/LightGBM/CatBoost early stopping)",
    "early_stopping_rounds": "the final estimator (XGBoost/LightGBM)",
    "categorical_feature": "a LightGBM estimator",
    "cat_features": "a CatBoost estimator",
    "eval_metric": "the final estimator",
    "callbacks": "the final estimator",
    "verbose": "the final estimator",
    "groups": "a group-aware step",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param")
    if not isinstance(param, str) or not param:
        return None
    cls = facts.get("pipeline_class") or "Pipeline"
    derived: dict[str, Any] = {"param": param}
    owner = _ESTIMATOR_FIT.get(param)
    if owner:
        derived["belongs_to"] = owner
        text = f"'{param}' is a fit parameter of {owner}; {cls}.fit needs it prefixed with that step's name."
        fix = (f"pipe.fit(X, y, <laststep>__{param}=...)  # step names: print(list(pipe.named_steps))",)
    else:
        derived["belongs_to"] = None
        text = (f"'{param}' is not a usual scikit-learn fit parameter: a wrapper or library is probably forwarding its own "
                f"keyword into {cls}.fit.")
        fix = (f"Stop forwarding '{param}' to fit (or give the library the bare estimator instead of the pipeline).",
               f"If a step really takes it: pipe.fit(X, y, <step>__{param}=...).")
    return Explanation(text=text, fix=fix, derived=derived)
