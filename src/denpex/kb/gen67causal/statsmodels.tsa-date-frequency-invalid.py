"""Computed diagnosis for statsmodels.tsa-date-frequency-invalid: which index/freq check failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    freq = str(facts.get("freq") or "")
    shown = f"freq='{freq}'" if freq else "the freq given"
    if "could not be matched" in problem:
        diagnosis = f"the index is not a regular grid of {shown} (gaps, duplicates or off-grid timestamps)"
        fix = (f"y = y[~y.index.duplicated()].sort_index().asfreq('{freq or 'D'}') and fill the gaps before building the model, "
               "or pass the frequency pd.infer_freq(y.index) reports.",)
    elif "incompatible" in problem:
        diagnosis = f"the index already has another freq than {shown}"
        fix = ("Drop the freq argument (the index's own freq is used) or resample with y.asfreq(<freq>) first.",)
    elif "coerced to dates" in problem:
        diagnosis = "freq was given but the index is not made of dates"
        fix = ("Convert the index with pd.to_datetime, or drop freq and pass numpy arrays.",)
    elif "No frequency information" in problem:
        diagnosis = "no freq given and none can be inferred from the dates"
        fix = ("Make the dates regular and pass freq=, or drop dates= and use integer positions.",)
    elif "must specify a" in problem:
        diagnosis = "seasonal_decompose/STL got no period and the index has no freq"
        fix = ("Pass period= (7 for daily data with weekly seasonality, 12 for monthly) or set the index freq with asfreq().",)
    elif "not understood" in problem:
        diagnosis = f"this statsmodels cannot map {shown} to a season length"
        fix = ("Pass freq=<season length> (an integer) to seasonal_decompose, or upgrade statsmodels (0.9+ maps daily/minutely).",)
    else:
        return None
    return Explanation(text=f"statsmodels refused the date index: {diagnosis}.", fix=fix, derived={"diagnosis": diagnosis})
