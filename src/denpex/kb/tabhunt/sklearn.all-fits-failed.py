"""Computed diagnosis for sklearn.all-fits-failed: how many fits failed, what share of the grid, and the inner error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_HINTS = (
    ("InvalidParameterError", "a parameter value the installed scikit-learn rejects (values such as max_features='auto' were removed in 1.3)"),
    ("supports only", "a solver/penalty combination the estimator does not support"),
    ("Input contains NaN", "NaN/inf in the features of some folds"),
    ("Input X contains NaN", "NaN in the features of some folds"),
    ("could not convert string to float", "non-numeric columns reaching the estimator"),
    ("unexpected keyword argument", "an argument the installed estimator version does not accept"),
    ("Expected sequence or array-like", "fit_params of the wrong type passed through the search"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    n_fits = as_int(facts.get("n_fits"))
    n_failed = as_int(facts.get("n_failed"))
    inner = facts.get("inner_error")
    msg = facts.get("inner_message") or ""
    hint = next((h for k, h in _HINTS if k in f"{inner} {msg}"), None)
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if sig == "all-fits-failed" and n_fits:
        derived["n_failed"] = n_fits
        derived["diagnosis"] = "every fit failed"
        parts.append(f"All {n_fits} fits (candidates x folds) failed, so the problem is not one bad candidate: "
                     "the data, a fixed argument or the estimator itself cannot be fit.")
    elif sig == "some-fits-failed" and n_fits and n_failed is not None:
        share = n_failed / n_fits
        derived["diagnosis"] = f"{share:.0%} of fits failed"
        parts.append(f"{n_failed} of {n_fits} fits ({share:.0%}) failed and were scored nan; the search continued.")
        for k in (2, 3, 4, 5, 6):
            if abs(share - 1 / k) < 0.005:
                parts.append(f"Exactly 1/{k} of the fits: one value of a grid parameter with {k} values is probably invalid.")
                break
        fix.append("Drop the invalid parameter value or use a list of dicts for conditional grids.")
    elif sig == "estimator-fit-failed-legacy":
        derived["diagnosis"] = "a fit failed (scikit-learn < 1.0 warning)"
        parts.append(f"A fit failed and was scored {facts.get('error_score') or 'nan'}; scikit-learn < 1.0 prints one such warning per failing fit.")
    else:
        return None
    if inner:
        parts.append(f"The inner error is {inner}: {msg}".rstrip(": ") + ".")
        if hint:
            parts.append(f"That points to {hint}.")
    else:
        parts.append("The inner error is printed below the summary ('fits failed with the following error:').")
    fix.append("Fix the inner error, or rerun with error_score='raise' to stop at the first failing fit.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
