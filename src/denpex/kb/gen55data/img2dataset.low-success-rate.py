"""Computed diagnosis for img2dataset.low-success-rate: which step loses the samples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    success = as_float(facts.get("success"))
    fd = as_float(facts.get("failed_download"))
    fr = as_float(facts.get("failed_resize"))
    if success is None or fd is None or fr is None:
        return None
    if fr > fd:
        dominant = "resize"
        text = (f"Only {success:.1%} of samples succeeded and {fr:.1%} failed in the resize step: the images were "
                "downloaded but the resizer rejected them, so the network is not the problem.")
        fix = ("Rerun one shard with --resize_mode no (or another resize_mode) and upgrade img2dataset.",
               "Read the error_message column of the shard parquet to see the resize error.")
    else:
        dominant = "download"
        text = (f"Only {success:.1%} of samples succeeded and {fd:.1%} failed to download: most URLs did not "
                "answer from this machine (DNS overload, network limits or dead links).")
        fix = ("Install a local caching DNS resolver (knot-resolver/bind9) and lower --thread_count, then retry one shard.",
               "Check error_message in the shard parquet: DNS/timeouts point to the machine, 404/410 to dead links.")
    return Explanation(text=text, fix=fix, derived={"dominant": dominant})
