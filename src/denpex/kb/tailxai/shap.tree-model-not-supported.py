"""Computed diagnosis for shap.tree-model-not-supported: classify the refused class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WRAPPERS = ("sklearn.pipeline.", "sklearn.model_selection.", "sklearn.calibration.", "sklearn.ensemble._stacking",
             "sklearn.ensemble._voting", "sklearn.multioutput.", "sklearn.compose.", "imblearn.pipeline.", "mlxtend.")
_MOVED = ("sklearn.ensemble._forest.", "sklearn.ensemble._gb.", "sklearn.ensemble._iforest.", "sklearn.tree._classes.")
_KNOWN_LIBS = ("xgboost.", "lightgbm.", "catboost.", "sklearn.ensemble.", "sklearn.tree.", "pyspark.ml.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("model_class") or "").strip()
    if not cls:
        return None
    if cls.startswith(_WRAPPERS):
        kind = "wrapper around the model"
        text = (f"{cls} is a wrapper, not a tree ensemble: TreeExplainer must get the fitted tree model it holds "
                "and data already transformed by the steps before it.")
        fix = ("Pipeline: shap.TreeExplainer(pipe[-1])(pipe[:-1].transform(X)); search CV: use search.best_estimator_ "
               "(then its last step).",)
    elif cls.startswith(_MOVED):
        kind = "shap older than scikit-learn"
        text = (f"{cls} lives in a private scikit-learn module (0.22+ layout); shap releases before 0.32 only know the old "
                "sklearn.ensemble.forest / gradient_boosting paths.")
        fix = ("pip install -U shap (0.32 or newer), or pin scikit-learn < 0.22 together with the old shap.",)
    elif cls.startswith(_KNOWN_LIBS):
        kind = "class of a supported library not known to this shap"
        text = (f"{cls} comes from a library TreeExplainer supports, but this exact class is not in this shap release's "
                "list (newer model class or older shap).")
        fix = ("Upgrade shap; if it is still refused, use shap.Explainer(model.predict, masker) instead.",)
    else:
        kind = "not a tree model TreeExplainer reads"
        short = cls.rsplit(".", 1)[-1]
        text = f"TreeExplainer has no converter for {short} ({cls}); it only reads the tree ensembles of known libraries."
        fix = ("shap.Explainer(model.predict, shap.maskers.Independent(X_background)) or "
               "shap.KernelExplainer(model.predict, shap.sample(X, 100)).",)
    return Explanation(text=text, fix=fix, derived={"model_kind": kind})
