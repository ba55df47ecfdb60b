"""Computed diagnosis for qlib.provider-data-missing: not initialised vs data/market missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CN = {"csi300", "csi500", "csi100", "csi1000", "all"}
_US = {"sp500", "nasdaq100", "all"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-initialized":
        return Explanation(
            text=("Qlib's data API was used before qlib.init() in this process (a DataHandler/DatasetH or D.* call): "
                  "nothing tells Qlib where the data lives."),
            fix=("Add qlib.init(provider_uri='<data dir>', region='cn' or 'us') before building the dataset, also in worker processes.",),
            derived={"diagnosis": "qlib.init not called"})
    if sig != "instrument-file-missing":
        return None
    market = str(facts.get("market") or "")
    region_dir = str(facts.get("region_dir") or "")
    path = str(facts.get("path") or "")
    base = path.rsplit("instruments", 1)[0].rstrip("/\\") if "instruments" in path else "<provider_uri>"
    if "," in market:
        diagnosis = "several markets passed as one name"
        text = f"'{market}' is looked up as a single file: Qlib does not split comma-separated markets."
        fix = ("Call D.instruments() once per market and combine the results.",)
    elif region_dir.startswith("us") and market in _CN - {"all"}:
        diagnosis = "China market asked from US data"
        text = f"{market} is a China A-share index but the provider is {region_dir} (US data has sp500 / nasdaq100)."
        fix = ("Use provider_uri=~/.qlib/qlib_data/cn_data with region='cn', or a US market name.",)
    elif region_dir.startswith("cn") and market in _US - {"all"}:
        diagnosis = "US market asked from China data"
        text = f"{market} is a US index but the provider is {region_dir}."
        fix = ("Download US data (--region us) and use provider_uri=~/.qlib/qlib_data/us_data, region='us'.",)
    else:
        region = "us" if region_dir.startswith("us") else "cn"
        diagnosis = "market data not downloaded"
        text = f"{base} has no instruments/{market}.txt: the Qlib data was not downloaded there, or only partially."
        fix = (f"python -m qlib.run.get_data qlib_data --target_dir {base} --region {region}",
               "then check that calendars/, instruments/ and features/ exist under provider_uri.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
