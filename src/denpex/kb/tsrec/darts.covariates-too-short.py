"""Computed diagnosis for darts.covariates-too-short: how far the covariates fall short."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from denpex.models import Explanation


def _gap(required: str, actual: str) -> str | None:
    try:
        return f"{int(required) - int(actual)} steps"
    except ValueError:
        pass
    try:
        d = datetime.fromisoformat(required.strip()) - datetime.fromisoformat(actual.strip())
    except ValueError:
        return None
    return str(d).replace(" 0:00:00", "") if d.total_seconds() else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cov = str(facts.get("cov_type") or "")
    n = facts.get("n")
    if sig in ("not-far-enough-future", "regression-not-long") and facts.get("required_end") and facts.get("actual_end"):
        req, act = str(facts["required_end"]), str(facts["actual_end"])
        gap = _gap(req, act)
        short = f" ({gap} short)" if gap else ""
        text = f"The {cov} covariates end at {act} but must reach {req}{short} to forecast n={n}."
        fix = [f"Pass {cov}_covariates that run until at least {req} (the full series, not the split used for training)."]
        rel = str(facts.get("relation") or "")
        if rel.startswith(">"):
            text += " Because n > output_chunk_length the model predicts auto-regressively and needs covariates beyond the horizon chunk."
            fix.append("Or predict with n <= output_chunk_length / train with a longer output_chunk_length.")
        if sig == "regression-not-long" and facts.get("max_lag") is not None:
            text += f" lags_{cov}_covariates up to {facts['max_lag']} shift the needed span forward."
            fix.append(f"Or use smaller lags_{cov}_covariates (max lag {facts['max_lag']}).")
        return Explanation(text=text, fix=tuple(fix), derived={"gap": gap or ""})
    if sig == "not-far-enough-past" and facts.get("required_start") and facts.get("actual_start"):
        req, act = str(facts["required_start"]), str(facts["actual_start"])
        gap = _gap(act, req)
        short = f" ({gap} too late)" if gap else ""
        text = f"The {cov} covariates start at {act} but must start by {req}{short}: the model's input window reaches back before the covariates."
        fix = (f"Pass {cov}_covariates that start at or before {req} (include input_chunk_length steps of history before the forecast start).",)
        return Explanation(text=text, fix=fix, derived={"gap": gap or ""})
    return None
