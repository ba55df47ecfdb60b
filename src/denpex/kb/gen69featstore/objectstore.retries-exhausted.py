"""Computed diagnosis for objectstore.retries-exhausted: what the last attempt's source says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES: tuple[tuple[str, str, str], ...] = (
    (r"token request|credential|managed identity|IMDS",
     "credential endpoint failed",
     "Fix the credential source (Azure AD / managed identity / IMDS reachability, AZURE_*/AWS_* settings); no data request was sent."),
    (r"\b429\b|Too Many Requests|SlowDown|\b503\b",
     "throttled by the store",
     "Lower the number of concurrent requests (fewer parallel files/partitions) or raise the endpoint's limits, then retry."),
    (r"\b5\d\d\b|server error",
     "storage service error",
     "The service failed the request; retry later and check the storage service health (OneLake/ADLS/S3 status)."),
    (r"Connection reset|Broken pipe|error sending request|timed out|timeout|connection error|dns|tls",
     "network or client timeout",
     "Check proxy/network to the endpoint, set storage_options {'timeout': '120s'} and reduce concurrency; upgrade deltalake/polars for newer retry rules."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_detail") or "")
    where = f"{facts.get('operation') or ''} {src}"
    store = str(facts.get("store") or "object store")
    retries = facts.get("retries")
    for rx, cause, fix in _CAUSES:
        if where.strip() and re.search(rx, where, re.IGNORECASE):
            text = f"The {store} request failed ({cause}) after {retries} retries; last attempt: {src}"
            return Explanation(text=text, fix=(fix,), derived={"cause": cause})
    if str(retries) == "0":
        return Explanation(
            text=f"The {store} client did not retry this error (Error after 0 retries): it considered it permanent.",
            fix=("Read the source text: a 4xx means credentials/permissions/path; a connection error means the network path.",),
            derived={"cause": "not retried"},
        )
    return Explanation(
        text=f"The {store} request kept failing until the retry budget ran out.",
        fix=("Retry later, lower concurrency and raise the client timeout in storage_options.",),
        derived={"cause": "retries exhausted"},
    )
