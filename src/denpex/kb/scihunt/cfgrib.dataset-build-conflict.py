"""Computed diagnosis for cfgrib.dataset-build-conflict: which key conflicts and the filter that splits it."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DATA = re.compile(r"data=(?:np\.float64\()?(?:array\()?\[?([^\])]*)")
_LEVEL_TYPES = {"heightAboveGround", "isobaricInhPa", "isobaricInPa", "surface", "depthBelowLandLayer",
                "heightAboveSea", "meanSea", "hybrid", "atmosphere", "cloudBase", "entireAtmosphere",
                "potentialVorticity", "sigma", "nominalTop", "isothermal", "pressureFromGroundLayer"}


def _data(v: str) -> str:
    m = _DATA.search(v)
    return (m.group(1) if m else v).strip().rstrip(",") if v else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    suggested = str(facts.get("suggested_filter") or "")
    sig = str(facts.get("_signature") or "")
    if sig == "multiple-values-unique-key" or (not key and suggested):
        text = ("One parameter in the file has several values of a key cfgrib requires to be unique per variable "
                "(typically stepType instant/accum/avg or typeOfLevel).")
        fix = []
        if suggested:
            text += f" cfgrib suggests re-opening with filter_by_keys={suggested} (one call per suggested value)."
            fix.append(f"xr.open_dataset(path, engine='cfgrib', backend_kwargs={{'filter_by_keys': {suggested}}}); repeat for the other suggested values and xr.merge.")
        fix.append("Or: cfgrib.open_datasets(path) returns one dataset per consistent subset.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": "one variable has several values of a unique key"})
    if not key:
        return None
    a, b = _data(str(facts.get("value") or "")), _data(str(facts.get("new_value") or ""))
    vals = f" ({a} vs {b})" if a and b else ""
    if key in _LEVEL_TYPES:
        diagnosis = f"variables on different {key} levels{vals}"
        example = " (e.g. 2 m temperature and 10 m wind)" if key == "heightAboveGround" else ""
        text = (f"Variables in the file sit on different levels of the same level type {key}{vals}{example}: one dataset "
                "cannot hold both level values on a shared scalar coordinate.")
        la = a.split()[0] if a else "<level>"
        filt = "{" + f"'typeOfLevel': '{key}', 'level': {la}" + "}"
        fix = (f"Open each level separately: backend_kwargs={{'filter_by_keys': {filt}}} (and again for {b or 'the other level'}), then xr.merge.",
               "Or cfgrib.open_datasets(path) to get the consistent subsets.")
    elif key == "step":
        diagnosis = f"variables have different forecast step counts{vals}"
        text = (f"Variables have a different number of forecast steps{vals}: accumulated or 6-hourly fields (tp, dis06) usually "
                "lack the step 0 that instantaneous fields have.")
        fix = ("Open instantaneous and accumulated fields separately: filter_by_keys={'stepType': 'instant'} and {'stepType': 'accum'} (or by shortName).",)
    elif key in ("time", "valid_time", "dataDate", "dataTime"):
        stamps = [int(t) for t in re.findall(r"\b1[0-9]{9}\b", a + " " + b)]
        if stamps:
            iso = [_dt.datetime.fromtimestamp(t, _dt.timezone.utc).strftime("%Y-%m-%d %H:%MZ") for t in stamps]
            vals = " (" + ", ".join(iso[: len(iso) // 2 or 1]) + " vs " + ", ".join(iso[len(iso) // 2 or 1:]) + ")"
        diagnosis = f"file mixes analysis/forecast reference times{vals}"
        text = (f"The file mixes several reference times that differ between variables{vals}: messages from different "
                "analysis times or forecast runs were concatenated.")
        fix = ("Split by date/time: filter_by_keys={'dataDate': YYYYMMDD, 'dataTime': HHMM} per run, or download one run per file.",
               "Or pass time_dims=('valid_time',) / ('time', 'step') in backend_kwargs so both become dimensions.")
    elif key == "number":
        diagnosis = f"ensemble and deterministic messages mixed{vals}"
        text = "Control/perturbed ensemble members and deterministic fields are mixed in one file."
        fix = ("Separate by dataType: filter_by_keys={'dataType': 'cf'} and {'dataType': 'pf'} (or 'fc'/'an').",)
    else:
        diagnosis = f"variables disagree on coordinate {key}{vals}"
        text = f"Two variables in the file have different values for the coordinate {key}{vals}, so cfgrib cannot share it."
        fix = (f"Open the file in subsets that agree on {key}: backend_kwargs={{'filter_by_keys': {{'{key}': <value>}}}} or by shortName, then xr.merge.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
