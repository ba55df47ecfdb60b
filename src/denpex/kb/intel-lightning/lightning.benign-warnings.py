"""Computed note for lightning.benign-warnings: which hint, and the concrete setting if wanted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    parts: list[str] = []
    what: list[str] = []
    loader = facts.get("dataloader")
    if loader:
        n = facts.get("suggested") or facts.get("cpus")
        k = min(int(n), 8) if n else 8
        parts.append(f"The {loader} runs with few DataLoader workers; Lightning suggests up to {n or 'CPU count - 1'}. This is advice only.")
        fix.append(f"If data loading is slow: DataLoader(..., num_workers={k}, persistent_workers=True, pin_memory=True) for {loader} (or the tool's num_workers option); ignore for small in-memory datasets.")
        what.append(f"{loader} has few workers")
    device = facts.get("device")
    if device:
        parts.append(f"{device} has Tensor Cores but float32 matmul precision is 'highest' (no TF32).")
        fix.append("Optional speed-up: torch.set_float32_matmul_precision('high') at the start of the script.")
        what.append(f"TF32 not enabled on {device}")
    if not parts:
        return None
    parts.append("Neither stops a run - if it failed, the cause is elsewhere in the log.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": "; ".join(what)})
