"""Computed note for sklearn.convergence-warning: which optimizer stopped at its iteration limit and what to
change (scaling, max_iter, regularisation, solver), or that a NaN duality gap means NaN in the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    solver = str(facts.get("solver") or "")
    max_iter = facts.get("max_iter")
    gap = str(facts.get("gap") or "")
    tol = str(facts.get("tol") or "")
    sgd = bool(facts.get("sgd"))
    parts: list[str] = []
    fix: list[str] = []
    if gap or facts.get("cd"):
        what = "coordinate descent (Lasso/ElasticNet/MultiTask*, also inside LassoCV, dictionary learning)"
        headline = "ConvergenceWarning: coordinate descent stopped before convergence" + (f" (duality gap {gap}, tolerance {tol})" if gap else "")
        if gap.lower() == "nan":
            parts.append("The duality gap is nan: the data or the target contains NaN/inf (or a column with zero variance made the problem degenerate) - check np.isnan(X).sum() before fitting; more iterations will not help.")
        else:
            parts.append("Coordinate descent stopped at max_iter with the duality gap still above the tolerance: usually unscaled features or a very small alpha (weak regularisation).")
    elif solver:
        what = f"the {solver} solver"
        headline = f"ConvergenceWarning: {solver} stopped at its iteration limit"
    elif sgd:
        what = "SGD (SGDClassifier/SGDRegressor/Perceptron)"
        headline = "ConvergenceWarning: SGD reached max_iter before convergence"
    else:
        what = "the MLP's stochastic optimizer (adam/sgd)"
        headline = "ConvergenceWarning: MLP stopped after max_iter" + (f" ({max_iter}) epochs" if max_iter else "")
    parts.insert(0, f"A warning, not a failure: {what} reached its iteration limit before meeting its tolerance, and the model was fitted with the last iterate. Its predictions may be slightly worse than a converged fit (often negligible).")
    fix.append("Scale the features first (StandardScaler in a Pipeline) - the most common cause for linear models and MLPs.")
    fix.append("Raise max_iter (e.g. LogisticRegression(max_iter=1000), MLPClassifier(max_iter=500)) or use early_stopping for MLPs; add regularisation (smaller C / larger alpha) or try another solver (saga, liblinear).")
    fix.append("To keep logs readable once you accept it: warnings.filterwarnings('ignore', category=sklearn.exceptions.ConvergenceWarning).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
