"""Computed diagnosis for msst.no-training-tracks: whether a metadata cache was reused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cache = facts.get("cache")
    instrument = facts.get("instrument")
    parts = []
    if instrument:
        parts.append(f"for '{instrument}'")
    if cache:
        parts.append(f"(metadata loaded from cache {cache})")
    detail = (" " + " ".join(parts)) if parts else ""
    if cache:
        text = (f"The track list came from the cache {cache}, not from scanning --data_path: a cache written by a run "
                "with wrong or empty paths keeps giving 0 tracks.")
        fix = (f"Delete {cache} and rerun so the folders are scanned again; if the count is still 0, fix --data_path / --dataset_type.",)
    else:
        text = "The folders given in --data_path were scanned and no track matched the dataset_type layout and the configured instruments."
        fix = ("Check that --data_path exists (double quotes on Windows) and that each track folder holds <instrument>.wav for every configured instrument.",)
    return Explanation(text=text, fix=fix, derived={"detail": detail})
