"""Computed diagnosis for pytorch-forecasting.missing-timesteps: the parameter name of this version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    flag = str(facts.get("flag") or "")
    if not flag:
        return None
    version = "pytorch-forecasting 0.10 or newer" if flag == "allow_missing_timesteps" else "pytorch-forecasting older than 0.10"
    text = (f"This is {version}: the parameter is {flag}. time_idx jumps by more than 1 inside at least one group.")
    fix = (f"TimeSeriesDataSet(..., {flag}=True) to accept the gaps,",
           "or reindex every group to a complete time_idx range and impute the values before building the dataset.")
    return Explanation(text=text, fix=fix, derived={"flag": flag})
