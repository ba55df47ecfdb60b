"""Computed diagnosis for tsfresh.nan-in-feature-matrix: read the feature name(s) into calculator and lag."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHY = {
    "autocorrelation": "undefined when a series has fewer points than the lag + 1 or is constant",
    "partial_autocorrelation": "undefined when a series is shorter than the lag",
    "agg_autocorrelation": "undefined for constant series (zero variance)",
    "sample_entropy": "NaN for short or constant series",
    "approximate_entropy": "NaN for series shorter than m + 1",
    "fft_coefficient": "NaN when the series has fewer points than the coefficient index",
    "cwt_coefficients": "NaN for series shorter than the wavelet width",
    "ar_coefficient": "NaN when the series is shorter than k",
    "augmented_dickey_fuller": "NaN for short or constant series",
    "linear_trend": "NaN for series with a single point",
    "ratio_value_number_to_time_series_length": "NaN for empty series",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "target-nan":
        return Explanation(
            text=("The target y has NaN entries. Imputing the feature matrix does not help; often y's index does not "
                  "match the ids of X, so pandas alignment created the NaN."),
            fix=("y = y.dropna(); X = X.loc[y.index]", "Make y's index the same ids as the column_id used for extraction."),
            derived={"diagnosis": "NaN in target"},
        )
    raw = str(facts.get("column") or "")
    if not raw:
        return None
    names = [n.strip().strip("'\"") for n in raw.split(",") if n.strip()]
    first = names[0]
    parts = first.split("__")
    calc = parts[1] if len(parts) > 1 else first
    lag = None
    for p in parts[2:]:
        m = re.match(r"(?:lag|maxlag|k|coeff|m)_(\d+)", p)
        if m:
            lag = int(m.group(1))
            break
    why = _WHY.get(calc, "NaN/inf for some ids (short, constant or empty series)")
    more = f" and {len(names) - 1} more column(s)" if len(names) > 1 else ""
    lag_txt = f" (parameter {lag}: ids with {lag} or fewer points give NaN)" if lag is not None else ""
    return Explanation(
        text=(f"Extracted feature {first}{more} contains NaN: the {calc} calculator is {why}{lag_txt}. "
              "extract_features does not impute by default, and select_features refuses NaN."),
        fix=("from tsfresh.utilities.dataframe_functions import impute; X = impute(X)",
             f"or drop {calc} from the extraction settings if it is undefined for your series length"),
        derived={"diagnosis": f"NaN from {calc}", "calculator": calc},
    )
