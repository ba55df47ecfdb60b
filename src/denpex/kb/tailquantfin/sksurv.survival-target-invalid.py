"""Computed diagnosis for sksurv.survival-target-invalid: which part of the target is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    dtype = str(facts.get("dtype") or "")
    if sig == "not-structured":
        diagnosis = "y is not a 2-field structured array"
        text = ("y is a DataFrame, plain/2-D array, list, or a record array with more than two fields (e.g. to_records() "
                "kept the index): scikit-survival needs exactly (bool event, numeric time).")
        fix = ("y = Surv.from_dataframe('event', 'time', df)  # from sksurv.util import Surv",)
    elif sig == "event-not-bool":
        diagnosis = f"event field is {dtype or 'not bool'}"
        text = f"The event field has dtype {dtype or '?'}; it must be bool (True = event observed, False = censored)."
        if dtype.startswith(("int", "uint")):
            fix = ("y = Surv.from_arrays(event=df['event'].astype(bool), time=df['time'])  # check values are only 0/1 first",)
        else:
            fix = ("Recode the event column to 0/1, then astype(bool), and rebuild y with Surv.from_arrays.",)
    elif sig == "all-censored":
        diagnosis = "no events in this fit"
        text = "Every sample given to this fit is censored: the training subset (often one CV fold) has no observed event."
        fix = ("Use StratifiedKFold(...).split(X, y['event']) so each fold has events; check y['event'].sum() > 0.",)
    elif sig == "time-not-numeric":
        diagnosis = f"time field is {dtype or 'not numeric'}"
        text = f"The time field has dtype {dtype or '?'}; convert it to a number (e.g. days as float)."
        fix = ("df['time'] = pd.to_numeric(df['time']) (or .dt.days for timedeltas) before Surv.from_arrays.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
