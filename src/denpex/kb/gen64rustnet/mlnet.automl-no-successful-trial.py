"""Computed diagnosis for mlnet.automl-no-successful-trial: old or new AutoML wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "no-trial-run":
        return Explanation(text="ML.NET AutoML 0.20 wording: no trial completed before the training time ended.",
                           fix=(), derived={"variant": " (no trial completed)"})
    return Explanation(
        text=("No trial ended with a finite metric before the training time ran out: either none finished "
              "(budget too short for the data/trainer) or all finished ones failed or scored NaN/Infinity (data problem). "
              "The trial lines above the exception tell which."),
        fix=(), derived={"variant": " (no trial finished, or none with a finite metric)"})
