"""Computed diagnosis for tune.function-no-report: which Ray generation printed it and the report call to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("checkpoints"):
        return Explanation(
            text="The trial function returned without a single tune.track.log / reporter result or checkpoint (Ray 0.8-era wording with tune.track).",
            fix=("Call tune.track.log(metric=...) or reporter(metric=...) inside the loop and once at the end; check that the loop runs at least once for every sampled config.",),
            derived={"hint": " (Ray 0.8 tune.track era: no result and no checkpoint reported)"},
        )
    return Explanation(
        text="The trial function returned without calling the reporter / tune.report even once and without raising.",
        fix=("Add reporter(metric=...) (function(config, reporter) form) or tune.report(metric=...) inside the loop and after it; check that the loop runs for every sampled config and that no exception is swallowed.",),
        derived={"hint": " (no reporter / tune.report call reached)"},
    )
