"""Computed diagnosis for lifelines.convergence-error: singular Hessian vs diverging step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "matrix-inversion":
        what = "singular Hessian"
        diagnosis = "collinear or constant covariates"
        text = ("The Hessian could not be inverted: some covariates are linear combinations of others (dummy trap, "
                "duplicated/rescaled or constant columns) or there are more covariates than events.")
        fix = ("Drop constant and duplicated columns and one level per dummy group (get_dummies(drop_first=True)),",
               "or fit with CoxPHFitter(penalizer=0.1) and raise the penalizer until it converges.")
    elif sig in ("delta-nan", "hessian-nan"):
        what = "NaN/inf step" if sig == "delta-nan" else "NaN/inf gradient or Hessian"
        diagnosis = "separation, extreme values or NaN in the data"
        text = ("The Newton step became NaN/inf: a covariate separates events from censored rows (its coefficient "
                "diverges), values are huge and unscaled so exp(x*beta) overflows, or the frame contains NaN/inf.")
        fix = ("Check df.isna().sum() and np.isinf(df).sum(); standardise covariates;",
               "look for a column whose range differs completely between event==1 and event==0 rows; add penalizer=0.1 or a smaller step_size.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what, "diagnosis": diagnosis})
