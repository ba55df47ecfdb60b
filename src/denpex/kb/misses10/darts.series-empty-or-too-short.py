"""Computed diagnosis for darts.series-empty-or-too-short: which wording, which split."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    split = str(facts.get("split") or "")
    if sig == "array-must-not-be-empty":
        return Explanation(
            text=("darts built a TimeSeries from zero points: a slice/split outside the data, or a metric on actual and "
                  "predicted series whose time stamps do not overlap (darts <= 0.22 refuses empty series)."),
            fix=("Check actual.slice_intersect(pred) and both time_index ranges; forecast exactly the test period.",
                 "Check len() after every slice/split; darts 0.23+ allows empty intermediate series."),
            derived={"what": "empty darts TimeSeries (slice or non-overlapping series)"},
        )
    if sig == "dataset-too-short":
        which = split or "training"
        fix = [f"Make the {which} series at least input_chunk_length + output_chunk_length points long."]
        if which == "validation":
            fix.append("Prepend the last input_chunk_length points of the training series to the validation series (val_series and its covariates).")
        else:
            fix.append("Lower input_chunk_length / output_chunk_length (RNNModel: training_length) or use a longer history.")
        return Explanation(
            text=f"The {which} series is shorter than one (input_chunk_length + output_chunk_length) window, so it yields no sample.",
            fix=tuple(fix),
            derived={"what": f"darts {which} series too short for one window"},
        )
    if sig == "len-negative-in-fit":
        return Explanation(
            text="Old darts computed a negative dataset length: the series is shorter than input_chunk_length + output_chunk_length.",
            fix=("Lower input_chunk_length/output_chunk_length or give a longer series; upgrade darts for the clearer error.",),
            derived={"what": "darts training series too short (negative dataset length)"},
        )
    return None
