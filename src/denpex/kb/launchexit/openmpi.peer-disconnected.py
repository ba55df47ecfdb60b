"""Computed diagnosis for openmpi.peer-disconnected: point at the peer host."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    peer = facts.get("peer_host")
    if not peer:
        return None
    local = facts.get("local_host")
    pid = facts.get("local_pid")
    seen = f" (noticed by PID {pid} on {local})" if local and pid is not None else (f" (noticed on {local})" if local else "")
    text = (f"The failing side is {peer}: a rank there crashed, was killed or lost its node{seen}. "
            f"The process that printed this message is a survivor.")
    fix = (f"Read the output of the ranks on {peer} before this message, and its kernel log: "
           f"ssh {peer} \"dmesg -T | grep -iE 'killed process|out of memory|segfault' | tail\"",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"peer on {peer} died"})
