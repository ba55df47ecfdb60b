"""Computed diagnosis for datasets.too-many-dataloader-workers: how many workers actually load data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    workers = as_int(facts.get("num_workers"))
    shards = as_int(facts.get("num_shards"))
    if workers is None or shards is None:
        return None
    idle = as_int(facts.get("stopped"))
    if idle is None:
        idle = max(workers - shards, 0)
    share = f"{shards}/{workers}" if workers else str(shards)
    text = (f"{idle} of {workers} DataLoader workers exit at once: the dataset has {shards} shard(s), so only {share} "
            "workers load data. Nothing is skipped; loading runs at the speed of those workers.")
    fix = (f"ds = ds.to_iterable_dataset(num_shards={workers}) (map-style source) or write the data as >= {workers} files",
           f"or DataLoader(..., num_workers={max(shards, 0)}) / dataloader_num_workers={max(shards, 0)}.")
    return Explanation(text=text, fix=fix, derived={"stopped": idle, "active_workers": min(shards, workers)})
