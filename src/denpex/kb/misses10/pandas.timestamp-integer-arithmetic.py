"""Computed diagnosis for pandas.timestamp-integer-arithmetic: which class, which library did it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIBS = {
    "autogluon": "AutoGluon TimeSeries 0.5.0's GluonTS models shifted dates by integers: pip install -U 'autogluon.timeseries>=0.5.1'.",
    "gluonts": "This GluonTS version shifts dates by integers: upgrade gluonts (and AutoGluon if it pins it).",
    "plotly": "plotly's annotation placement sums the x values from 0: add the vline without annotation_text and add_annotation(x=ts, ...) separately, or pass x as epoch milliseconds.",
    "causalimpact": "CausalImpact's plot subtracts 1 from a Timestamp: upgrade causalimpact or give the data a DatetimeIndex with a freq and use a fixed release.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cls = str(facts.get("cls") or "Timestamp")
    package = str(facts.get("package") or "")
    if package == "pandas":
        package = ""
    if sig == "integral-without-freq":
        text = ("pandas 0.24-0.25 only allowed Timestamp + int when the Timestamp carried a freq; this one has none "
                "(lost by slicing, reindexing or a groupby). pandas 1.0 removed integer arithmetic altogether.")
        what = "Timestamp + int without a freq (pandas < 1.0)"
    else:
        text = (f"An integer was added to or subtracted from a {cls}: pandas 1.0 removed integer arithmetic on dates "
                "(deprecated in 0.24); the code was written for older pandas.")
        what = f"integer added to a pandas {cls} (removed in pandas 1.0)"
    fix = ["Use ts + n * pd.tseries.frequencies.to_offset(freq), pd.Timedelta(days=n) or pd.DateOffset(...) instead of ts + n."]
    if package in _LIBS:
        fix.insert(0, _LIBS[package])
        what += f" in {package}"
    elif package:
        fix.insert(0, f"The arithmetic is inside {package}: upgrade it to a release that supports pandas 1.0+, or pin pandas<1.0 for it.")
        what += f" in {package}"
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
