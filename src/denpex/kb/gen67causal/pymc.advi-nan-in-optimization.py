"""Computed diagnosis for pymc.advi-nan-in-optimization: which approximation entry went NaN first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRANSFORM_SUFFIXES = ("_log__", "_logodds__", "_interval__", "_simplex__", "_circular__", "_ordered__", "_log")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rv = str(facts.get("rv") or "")
    if not rv:
        return Explanation(
            text=("The ADVI loss or its parameters became NaN; the lines after the error (The current approximation "
                  "of RV ... is NaN) name the entries that blew up."),
            fix=("Print model.point_logps(), standardise the data and retry with pm.adam(learning_rate=1e-3) or "
                 "pm.adagrad_window and total_grad_norm_constraint.",),
            derived={"where": ""},
        )
    base = rv
    for suffix in _TRANSFORM_SUFFIXES:
        if rv.endswith(suffix) and len(rv) > len(suffix):
            base = rv[: -len(suffix)]
            break
    index = facts.get("index")
    entry = f"{rv}[{index}]" if index is not None else rv
    transformed = base != rv
    text = (f"The first entry reported NaN is '{entry}'"
            + (f" (the transformed value of '{base}')" if transformed else "")
            + ": check that variable's prior scale, the data it multiplies and the step size.")
    fix = (
        f"Look at '{base}': is its prior on the scale of the data, and are the predictors it multiplies standardised?",
        "Lower the step: pm.fit(obj_optimizer=pm.adam(learning_rate=1e-3), total_grad_norm_constraint=100).",
        "If this came from pm.sample(init='advi+adapt_diag'), use init='jitter+adapt_diag' instead.",
    )
    return Explanation(text=text, fix=fix, derived={"where": f" (first NaN: {entry})"})
