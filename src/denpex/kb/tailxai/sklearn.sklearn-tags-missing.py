"""Computed diagnosis for sklearn.sklearn-tags-missing: which library to upgrade, to which release."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# first release with scikit-learn 1.6 tag support, as reported in the upstream threads
_FIXED = {
    "xgboost": ("xgboost", "pip install -U 'xgboost>=2.1.4'"),
    "interpret": ("interpret", "pip install -U 'interpret>=0.6.8'"),
    "imblearn": ("imbalanced-learn", "pip install -U 'imbalanced-learn>=0.13'"),
    "scikeras": ("scikeras", "scikeras is unmaintained: use keras' own sklearn wrappers (keras.wrappers.SKLearnClassifier) or pin 'scikit-learn<1.6'"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "get-tags-futurewarning":
        est = str(facts.get("estimator") or "an estimator")
        return Explanation(
            text=(f"{est} still uses the pre-1.6 _more_tags API: a warning on scikit-learn 1.6, an error from 1.7, and "
                  "often followed by the 'super' object has no attribute '__sklearn_tags__' error when the class also "
                  "inherits a scikit-learn mixin."),
            fix=("Upgrade the library that defines " + est + ", or pin 'scikit-learn<1.6'.",),
        )
    pkg = str(facts.get("package") or "")
    mixin = str(facts.get("mixin") or "")
    where = f" ({mixin})" if mixin else ""
    if pkg in _FIXED:
        dist, cmd = _FIXED[pkg]
        text = (f"The failing estimator comes from {dist}, whose installed release predates scikit-learn 1.6's "
                f"__sklearn_tags__ API{where}.")
        return Explanation(text=text, fix=(cmd, "or: pip install 'scikit-learn<1.6'"), derived={"upgrade": dist})
    if pkg:
        text = (f"The failing estimator comes from the {pkg} package, built for scikit-learn <= 1.5's _more_tags API{where}.")
        return Explanation(text=text, fix=(f"pip install -U {pkg} (a release supporting scikit-learn 1.6), or pip install 'scikit-learn<1.6'",),
                           derived={"upgrade": pkg})
    return Explanation(
        text=("An estimator class in this run does not reach BaseEstimator.__sklearn_tags__ (library written for "
              f"scikit-learn <= 1.5, or a custom class with its bases in the wrong order){where}."),
        fix=("Upgrade the estimator's library or pin 'scikit-learn<1.6'; custom classes: class M(ClassifierMixin, BaseEstimator).",),
    )
