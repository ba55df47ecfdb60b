"""Computed diagnosis for dist.tcpstore-format-string-windows: where the store was created, what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHERE = {
    "init_process_group": "dist.init_process_group (env:// rendezvous)",
    "_create_c10d_store": "dist.init_process_group (env:// rendezvous)",
    "_env_rendezvous_handler": "dist.init_process_group (env:// rendezvous)",
    "next_rendezvous": "the torchrun / torch.distributed.launch agent",
    "_rendezvous": "the torchrun / torch.distributed.launch agent",
    "setup_environment": "Lightning's DDP strategy setup",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("store_call") or "")
    where = _WHERE.get(call, "")
    text = ("The TCPStore behind torch.distributed hit a socket problem on Windows and the error text itself failed "
            "to format, so 'unmatched '}' in format string' is all that surfaced")
    text += f"; the store was created by {where}." if where else "."
    fix = ["set MASTER_ADDR=127.0.0.1 and set MASTER_PORT=<a free port> (PowerShell: $env:MASTER_PORT=29511), "
           "and end leftover python.exe processes from earlier runs"]
    if call == "setup_environment":
        fix.append("on one GPU, drop the DDP strategy (Trainer(devices=1, strategy='auto')) so no store is created")
    else:
        fix.append("on one GPU, skip init_process_group when world_size == 1")
    fix.append("still failing: new environment with another torch release, or run under WSL2/Linux")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"where_text": f" (store created by {where})" if where else ""})
