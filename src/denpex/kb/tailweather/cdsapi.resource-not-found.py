"""Computed diagnosis for cdsapi.resource-not-found: which store hosts the dataset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ds = facts.get("dataset")
    if not isinstance(ds, str) or not ds:
        return None
    if ds.startswith("cams-"):
        diagnosis = "CAMS dataset: needs the Atmosphere Data Store"
        text = (f"'{ds}' is a CAMS product, served by the Atmosphere Data Store (ADS), not the Climate Data Store: "
                "the configured url/key is the CDS one.")
        fix = ("Use url https://ads.atmosphere.copernicus.eu/api with your ADS key (rc file via CDSAPI_RC, "
               "or cdsapi.Client(url=..., key=...)).",)
    else:
        diagnosis = f"dataset id '{ds}' not in this store's catalogue"
        text = (f"The store behind the configured url has no dataset '{ds}': the id is misspelt or outdated, or the "
                "url/key belongs to the other store (ADS vs CDS).")
        fix = (f"Copy the exact id for '{ds}' from the dataset page's API request box and check the url in ~/.cdsapirc.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
