"""Computed diagnosis for dist.etcd-key-not-found: which backend's key is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    if not key:
        return None
    if key.startswith("/torch/elastic"):
        text = (f"The etcd-v2 rendezvous backend read {key} before it existed: a known PyTorch 2.x issue "
                "of the dynamic etcd backend on a fresh etcd.")
        fix = ("Switch to --rdzv-backend=c10d --rdzv-endpoint=<node0>:29400 (no etcd needed),",
               "or use the legacy --rdzv-backend=etcd with the same endpoint.")
    elif key.startswith("/torchelastic/p2p/"):
        run = key.split("/")[3] if len(key.split("/")) > 3 else ""
        text = (f"The legacy etcd rendezvous state {key} is gone: its keep-alive/TTL expired or another job with the same "
                f"run id ({run or 'rdzv-id'}) removed it.")
        fix = ("Use a unique --rdzv-id per job and a longer --rdzv-conf timeout for slow nodes,",
               "or move to --rdzv-backend=c10d.")
    else:
        text = f"An etcd key used by the elastic rendezvous ({key}) is missing."
        fix = ("Check the etcd prefix/run id all agents use, or switch to --rdzv-backend=c10d.",)
    return Explanation(text=text, fix=fix, derived={})
