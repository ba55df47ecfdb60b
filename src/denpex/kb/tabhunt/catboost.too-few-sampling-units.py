"""Computed diagnosis for catboost.too-few-sampling-units: which sampler, whether the rate or the gradients are to blame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        rate = float(facts["subsample"])
    except (KeyError, TypeError, ValueError):
        return None
    boot = str(facts.get("bootstrap_type") or "?")
    ranking = facts.get("ranking")
    fix: list[str] = []
    if rate < 0.05:
        diagnosis = f"subsample {rate:g} is too small"
        rows = 1.0 / rate if rate > 0 else float("inf")
        text = (f"subsample={rate:g} keeps about {rate * 100:.2g}% of the documents: a tree needs more than "
                f"{rows:,.0f} rows (or groups) before even one is expected to be sampled. A tuner most likely sampled it.")
        fix.append("Bound subsample to [0.5, 1.0] (at least 0.1) in the search space.")
        fix.append("Or use bootstrap_type='No' for small data sets.")
    elif boot.upper() == "MVS":
        diagnosis = "MVS found no non-zero finite gradient"
        text = (f"MVS sampling (subsample={rate:g}) picks documents by gradient size, so a failure at this rate means "
                "the gradients were all zero or not finite: inf/NaN in the target, weights or baseline, or a target "
                "the model already fits exactly.")
        if ranking:
            text += f" With the ranking loss {ranking}, groups whose documents share one relevance have zero gradients."
            fix.append("Drop query groups with a single relevance value, or set bootstrap_type='No'.")
        fix.append("Check np.isfinite(y).all() and replace inf/NaN before building the Pool.")
        fix.append("Or switch sampler: bootstrap_type='Bernoulli', subsample=0.8 (or 'No').")
    else:
        diagnosis = f"{boot} sampling took no documents"
        text = (f"{boot} sampling with subsample={rate:g} selected nothing: the training fold has very few rows"
                + (" or query groups" if ranking else "") + " for this rate.")
        fix.append("Give each fold more rows (fewer CV folds) or raise subsample.")
        fix.append("Or set bootstrap_type='No'.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
