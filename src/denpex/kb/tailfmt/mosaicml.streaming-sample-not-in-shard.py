"""Computed diagnosis for mosaicml.streaming-sample-not-in-shard: which shard and what it suggests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    shard = str(facts.get("shard") or "")
    if sig == "header-pair-empty" or not shard:
        return Explanation(
            text=("A shard's offset table ended before the requested sample: the shard file on disk is shorter than index.json "
                  "says - truncated, half-downloaded, or evicted/replaced while being read (a small cache_limit)."),
            fix=("Delete the local cache (or the shard) and re-download; raise or unset cache_limit.",),
            derived={"note": "a shard is shorter than its own offset table (truncated, half-downloaded or evicted)"},
        )
    rel = facts.get("rel_index")
    m = re.search(r"(\d+)\.mds", shard)
    stream = shard.rsplit("/", 1)[0] + "/" if "/" in shard else ""
    parts = [f"{shard} does not contain relative sample {rel}"]
    if m:
        parts.append(f"it is shard #{int(m.group(1))}" + (f" of stream/split '{stream}'" if stream else ""))
    text = ("; ".join(parts) + ". The shard on disk and index.json disagree: the file is truncated or comes from another "
            "write of the dataset (reused local directory).")
    fix = (f"Remove {shard} (or the whole local cache dir) and let it re-download, or re-convert into an empty directory.",
           "Use one local directory per dataset version.")
    return Explanation(text=text, fix=fix, derived={"note": f"{shard} lacks relative sample {rel}"})
