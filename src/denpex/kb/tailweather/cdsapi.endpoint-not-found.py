"""Computed diagnosis for cdsapi.endpoint-not-found: read the failing URL."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW = {"cds": "https://cds.climate.copernicus.eu/api", "ads": "https://ads.atmosphere.copernicus.eu/api"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = facts.get("url")
    if not isinstance(url, str) or not url:
        if facts.get("store"):
            store = str(facts["store"])
            text = (f"The {store} Data Store answered that the API endpoint does not exist: the client or its url "
                    "setting is from before the 2024 migration.")
            return Explanation(text=text, fix=("pip install -U 'cdsapi>=0.7.2' and set url to "
                                               f"{_NEW['cds']} (key = personal access token, no UID: prefix).",),
                               derived={"diagnosis": "legacy endpoint"})
        return None
    url = url.rstrip(".,;)'\"")
    host = url.split("/")[2] if url.count("/") >= 2 else ""
    store = "ads" if host.startswith("ads") else "cds"
    new = _NEW[store]
    path = url.split(host, 1)[-1]
    dataset = path.rstrip("/").rsplit("/", 1)[-1]
    for tail in ("execution", "results"):
        if dataset == tail:
            dataset = path.rstrip("/").rsplit("/", 2)[-2]
    fix: list[str] = []
    if "-beta." in host:
        diagnosis = "retired beta host"
        text = f"{host} was the beta of the new data store and is retired; the same API now lives at {new}."
        fix.append(f"Set url: {new} in .cdsapirc (or CDSAPI_URL).")
    elif path.startswith("/api/v2"):
        diagnosis = "legacy /api/v2 url"
        text = (f"The url setting is the legacy {host}/api/v2, removed in the September 2024 migration; every request "
                "under it is a 404.")
        fix.append(f"Set url: {new} and key: <personal access token> (without '<UID>:'), then pip install -U 'cdsapi>=0.7.2'.")
    elif path.startswith("/api/resources/") or path.startswith("/api/tasks/"):
        diagnosis = "cdsapi older than 0.7 against the new API"
        text = ("The URL has the legacy client's /resources/ path under the new /api root: the url is new but the "
                "installed cdsapi still speaks the legacy protocol.")
        fix.append("pip install -U 'cdsapi>=0.7.2' in the environment that runs the download (check ai-models/climetlab envs too).")
    elif path.startswith("/resources/"):
        diagnosis = "url lacks /api"
        text = f"The url setting is the bare host {host}: requests go to /resources/... which does not exist."
        fix.append(f"Set url: {new} (note the /api suffix).")
    elif "/retrieve/v1/processes/" in path:
        diagnosis = f"dataset '{dataset}' unknown to {host}"
        text = (f"The endpoint is current but {host} has no dataset '{dataset}': check the id on the dataset page; "
                "CAMS datasets (cams-*) are on the Atmosphere Data Store.")
        if dataset.startswith("cams-") and store == "cds":
            fix.append(f"Use the ADS: url {_NEW['ads']} with the ADS token for '{dataset}'.")
        else:
            fix.append("Copy the dataset id from the 'API request' box of the dataset's download page.")
    else:
        diagnosis = "unknown endpoint"
        text = f"{url} does not exist on {host}; the client or url setting does not match the current API."
        fix.append(f"pip install -U 'cdsapi>=0.7.2' and set url: {new}.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "dataset": dataset, "store": store})
