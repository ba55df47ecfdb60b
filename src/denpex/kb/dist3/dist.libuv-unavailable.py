"""Computed diagnosis for dist.libuv-unavailable: where to set USE_LIBUV for the launcher that made the store."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("store_caller") or "").replace("\\", "/")
    if "elastic/rendezvous" in caller or caller.endswith("run.py"):
        where = "torchrun's launcher process (elastic rendezvous)"
        fix = ("Set it in the shell before torchrun: cmd 'set USE_LIBUV=0' / PowerShell '$env:USE_LIBUV = \"0\"'; "
               "setting it inside the training script is too late.",
               "Single GPU: run python <script> directly instead of torchrun.")
    elif caller.endswith("rendezvous.py"):
        where = "init_process_group's env:// or tcp:// rendezvous in the training process"
        fix = ("Set USE_LIBUV=0 before init_process_group (shell or os.environ at the top of the script), "
               "or use init_method='tcp://host:port?use_libuv=0'.",)
    else:
        return None
    return Explanation(text=f"The TCPStore was created by {where} with the libuv default, which this (Windows) PyTorch build lacks.",
                       fix=fix, derived={"store_created_by": where})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
