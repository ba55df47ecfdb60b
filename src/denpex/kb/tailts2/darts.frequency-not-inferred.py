"""Computed diagnosis for darts.frequency-not-inferred: read the observed frequencies."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "too-short-to-infer":
        return Explanation(
            text="fill_missing_dates=True without freq needs at least 3 timestamps to guess the frequency; this series has fewer.",
            fix=("Pass freq explicitly (e.g. freq='D').",),
            derived={"observed_text": "", "diagnosis": "series too short to infer freq"})
    observed = facts.get("observed")
    if sig == "explicit-frequency" and observed:
        freqs = re.findall(r"'([^']+)'", str(observed))
        if not freqs:
            text = "No window of the index had a regular spacing: the timestamps are irregular (or the series is tiny)."
            fix = ("Resample to a regular grid (df.resample('D')...) or use an integer RangeIndex.",)
            otext = " (no regular spacing observed)"
        else:
            text = (f"Different parts of the index follow different spacings: {', '.join(sorted(freqs))}. "
                    "darts cannot choose one by itself.")
            pick = "B" if set(freqs) == {"D", "B"} else sorted(freqs)[0]
            fix = (f"Pass the intended frequency explicitly: fill_missing_dates=True, freq='{pick}' (or the one you mean), then fill NaN.",
                   "If several series are stacked in one table, split them (TimeSeries.from_group_dataframe).")
            otext = f" (observed {', '.join(sorted(freqs))})"
        return Explanation(text=text, fix=fix, derived={"observed_text": otext, "diagnosis": "mixed/irregular time spacing"})
    if sig == "freq-not-inferred":
        return Explanation(
            text=("pandas could not infer one frequency from the time column: dates are missing, duplicated "
                  "(several series stacked in one table) or irregular."),
            fix=("Check df[time_col].duplicated().sum(): if > 0 use TimeSeries.from_group_dataframe(df, group_cols=[...], time_col=..., freq=...).",
                 "Otherwise pass fill_missing_dates=True, freq='<your frequency>' and fill the NaN it creates."),
            derived={"observed_text": "", "diagnosis": "frequency not inferable"})
    return None
