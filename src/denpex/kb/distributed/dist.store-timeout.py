"""Computed diagnosis for dist.store-timeout: which rank owns the missing key, and what the timeout says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OWNER = re.compile(r"(?:broadcast_from|from)/(\d+)/|^/?(?:default_pg/)?\d+/(\d+)$")


def _fmt_ms(ms: int) -> str:
    s = ms / 1000
    if s >= 3600 and s % 3600 == 0:
        return f"{int(s // 3600)} h"
    if s >= 60:
        return f"{s / 60:g} min"
    return f"{s:g} s"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    src = facts.get("src_rank")
    reason = str(facts.get("reason") or "")
    ms = facts.get("timeout_ms")
    keys = facts.get("store_keys") or facts.get("store_key")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if src is None and keys:
        m = _OWNER.search(str(keys))
        if m:
            src = int(m.group(1) or m.group(2))
    derived["src_rank"] = src if src is not None else "?"
    derived["key"] = keys or "?"
    derived["timeout_h"] = _fmt_ms(ms) if isinstance(ms, int) else "until the store timeout"
    if facts.get("reason") is None:
        derived["reason"] = "timeout"
    owner = f"rank {src}" if src is not None else "the rank that owns the key"
    who = f"Rank {rank}" if rank is not None else "This rank"
    if reason in ("Connection reset by peer", "Broken pipe"):
        parts.append(f"{who} lost its store connection ({reason}) while waiting for {owner}: the store host - usually rank 0 or the torchrun agent - exited. {owner.capitalize()} most likely crashed; its log holds the real error.")
        fix.append(f"Read the log of {owner} (and dmesg on its node) for the traceback or OOM kill that ended it.")
    else:
        when = f" for {_fmt_ms(ms)}" if isinstance(ms, int) else ""
        if keys:
            parts.append(f"{who} waited{when} for store key {keys} that {owner} should have written, and it never appeared.")
        else:
            parts.append(f"{who} timed out{when} waiting on the c10d store ({reason or 'timeout'}): another rank never published its part (its gloo address, the NCCL id, a barrier or broadcast key) - it crashed, hangs, or is slower than the timeout.")
        if isinstance(ms, int) and ms in (1800000, 600000, 300000):
            parts.append(f"{_fmt_ms(ms)} is a default process-group/store timeout: if {owner} was still healthy and busy (dataset preprocessing, download, evaluation), it was simply slower than the timeout.")
        fix.append(f"Check {owner}'s log first: a traceback, OOM kill or hang there is the cause.")
        fix.append("If it was only slow: move the slow rank-0 work before init_process_group / preprocess offline, or raise the timeout (init_process_group(timeout=timedelta(hours=2)); HF: ddp_timeout=7200).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
