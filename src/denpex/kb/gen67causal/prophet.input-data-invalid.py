"""Computed diagnosis for prophet.input-data-invalid: what is wrong with the frame and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CASES: dict[str, tuple[str, str, str]] = {
    "Found infinity": (
        "y contains inf/-inf",
        "y holds infinite values, almost always from a log (or ratio) transform of zeros or negatives done before fit.",
        "Use np.log1p(y) (expm1 on the forecast) or drop rows with y <= 0 before the log; check np.isinf(df['y']).sum().",
    ),
    "Dataframe has less than 2": (
        "fewer than two rows with a y value",
        "After dropping rows whose y is NaN fewer than two remain; in a groupby/Spark fit this is one short group.",
        "Skip or route series with df['y'].notna().sum() < 2 before calling Prophet.",
    ),
    "Found NaN in column ds": (
        "ds has missing or unparsed dates",
        "Some dates in ds are NaT (unparseable strings, a merge that left gaps), in the history or the future frame.",
        "Parse with pd.to_datetime(df['ds'], format=...) and drop or fix rows where ds is NaT.",
    ),
    "Column ds has timezone": (
        "ds is timezone-aware",
        "ds carries a timezone (database/Druid/BigQuery timestamps or tz_localize); Prophet needs naive timestamps.",
        "df['ds'] = df['ds'].dt.tz_convert(None) (UTC) or .dt.tz_localize(None) (local wall time) before fit and predict.",
    ),
    "Unable to parse date format": (
        "R could not parse ds",
        "R prophet could not parse ds as dates (format other than %Y-%m-%d / %Y-%m-%d %H:%M:%S, or NA values).",
        "Convert ds with as.Date()/as.POSIXct() with an explicit format and remove NA rows.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    for prefix, (diagnosis, text, fix) in _CASES.items():
        if problem.startswith(prefix):
            return Explanation(text=text, fix=(fix,), derived={"diagnosis": diagnosis})
    return None
