"""Computed diagnosis for implicit.als-factorization-failed: read posv's err and row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "nan-in-factors":
        text = ("The solve finished but produced NaN user/item factors (conjugate-gradient or GPU path): a row's system "
                "was singular or confidences were negative/non-finite.")
        return Explanation(text=text,
                           fix=("Check the matrix: np.isfinite(m.data).all() and m.data.min() >= 0.",
                                "Raise regularization and keep factors < min(n_users, n_items)."),
                           derived={"diagnosis": "NaN factors after fit"})
    try:
        err = int(facts["err"])
        row = int(facts["row"])
    except (KeyError, TypeError, ValueError):
        return None
    if err < 0:
        text = (f"posv returned err={err}: argument {-err} passed to LAPACK was invalid (row {row}); usually a corrupted "
                "factor array (NaN/inf) or a dtype issue, not conditioning.")
        diag = "invalid LAPACK argument"
        fix = ("Check the matrix for NaN/inf and fit with dtype=np.float64.",)
    else:
        text = (f"Row {row}'s system is not positive definite: the leading minor of order {err} failed in the Cholesky "
                "factorization. Negative/non-finite confidences in that row or too little regularization.")
        diag = f"row {row} not positive definite (minor {err})"
        fix = (f"Inspect row {row} of the matrix (and of its transpose): values must be finite and >= 0.",
               "Increase regularization (e.g. 0.01 -> 0.1) and keep factors below the number of users and items.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
