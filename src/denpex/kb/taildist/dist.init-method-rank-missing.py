"""Computed diagnosis for dist.init-method-rank-missing: which value was missing and why it is usually -1."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    scheme = str(facts.get("scheme") or "")
    param = str(facts.get("param") or "")
    if not scheme or not param:
        return None
    if param.startswith("port"):
        diagnosis = "tcp:// URL without a port"
        text = "The init_method is tcp://<host> with no ':port': the TCP store needs a port on rank 0's host."
        fix = ("Use init_method=f'tcp://{master_addr}:{master_port}' (e.g. tcp://127.0.0.1:29500), or init_method='env://' with MASTER_ADDR/MASTER_PORT.",)
    elif param.startswith("rank"):
        diagnosis = "rank passed as -1 (no launcher rank reached the call)"
        text = (f"init_process_group got rank=-1 for a {scheme}:// URL. The {scheme}:// handler does not read RANK from the "
                "environment, so the rank must come from the script; it is -1 when the script runs without its launcher, or "
                "under torchrun / torch>=2 launch while it expects a --local_rank argument.")
        fix = ("Pass rank=int(os.environ['RANK']) (torchrun sets it) or launch with the repository's own launch command.",
               "Or switch to init_method='env://' and launch with torchrun --nproc_per_node=<GPUs>.",
               "Single process without a launcher: rank=0, world_size=1.")
    else:
        diagnosis = "world_size passed as -1"
        text = (f"init_process_group got world_size=-1 for a {scheme}:// URL: the number of processes must be given in the call "
                "(the handler does not read WORLD_SIZE).")
        fix = ("Pass world_size=int(os.environ['WORLD_SIZE']) or the number of GPUs x nodes, or use init_method='env://' under torchrun.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
