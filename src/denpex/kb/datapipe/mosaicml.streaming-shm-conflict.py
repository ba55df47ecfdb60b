"""Computed diagnosis for mosaicml.streaming-shm-conflict: which block clashed and what to clean."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefix = str(facts.get("shm_prefix") or "")
    name = str(facts.get("shm_name") or "")
    local = str(facts.get("local_dir") or "").rstrip(".")
    if prefix and name:
        block = f"/dev/shm/{prefix}_{name}"
        if prefix == "000000":
            who = ("prefix 000000 is the first one a node uses, so a block with it already existing means a previous run left it "
                   "behind, or two processes on this node both acted as the first local leader (ranks launched without "
                   "LOCAL_RANK/LOCAL_WORLD_SIZE, datasets built concurrently)")
        else:
            who = (f"prefix {prefix} was free when checked but another process created it first (two processes picked the same "
                   "prefix at the same time), or it is stale from a killed run")
        return Explanation(
            text=f"StreamingDataset could not create its shared memory block {block}: {who}.",
            fix=("Call streaming.base.util.clean_stale_shared_memory() once before building any StreamingDataset "
                 f"(or rm /dev/shm/{prefix}_* when no job runs on the node).",
                 "Launch with torchrun/composer so every rank knows its LOCAL_RANK and LOCAL_WORLD_SIZE; do not build datasets in parallel unrelated processes."),
            derived={"problem": f"{block} already exists", "block": block},
        )
    if local:
        return Explanation(
            text=f"Another StreamingDataset registered on this node already uses the local directory {local}.",
            fix=(f"Give each dataset/split/stream its own local= directory (e.g. {local.strip('[]').strip(chr(39))}_train and _val);",
                 "if no other dataset uses it, stale shared memory from a dead run still lists it: clean_stale_shared_memory() first."),
            derived={"problem": f"local directory {local} reused"},
        )
    return None
