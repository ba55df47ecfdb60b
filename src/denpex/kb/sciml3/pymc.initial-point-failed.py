"""Computed diagnosis for pymc.initial-point-failed: which term of the logp is non-finite."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("bad_var") or "")
    if not var:
        return Explanation(
            text="The joint log-probability is nan or -inf at the starting point; the printed per-variable logp shows which term.",
            fix=("Run model.debug() to see the non-finite term, then fix its data, support or initval.",),
            derived={"bad_var_text": ""},
        )
    base = var
    for suffix in ("_log__", "_logodds__", "_interval__", "_simplex__", "_circular__", "_ordered__"):
        if var.endswith(suffix):
            base = var[: -len(suffix)] or var
            break
    text = (f"The logp term '{var}' is nan/-inf at the starting point. If '{base}' is an observed variable, "
            "its data contain NaN or values outside the likelihood's support; if it is a parameter, its "
            "starting value is invalid.")
    fix = (
        f"Check the data of '{base}': np.isnan(y).any(), y.min(), y.max() against the likelihood's support; drop/impute or rescale.",
        f"For a parameter: pm.sample(initvals={{'{base}': <valid value>}}) or pm.sample(init='adapt_diag').",
        "model.debug() prints why the term is non-finite.",
    )
    return Explanation(text=text, fix=fix, derived={"bad_var_text": f" ('{var}' is nan/-inf)"})
