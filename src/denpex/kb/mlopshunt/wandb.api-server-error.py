"""Computed diagnosis for wandb.api-server-error: what the 5xx reason points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("status")
    reason = str(facts.get("reason") or "").strip()
    if not status and not reason:
        return None
    code = f"HTTP {status}" if status else "a 5xx"
    low = reason.lower()
    url = str(facts.get("url") or "")
    host = "your W&B server" if url and "api.wandb.ai" not in url else "the W&B backend"
    if "deadline" in low or "timeout" in low or status == 504:
        text = (f"{host} gave up on a request that took too long ({code}: {reason}). If only this run/project is "
                "affected, the logged payload is probably too large (big tables/media per step, many keys).")
        fix = ("Log tables/media less often (every N steps) and disable per-step completion tables",
               "Retry later or use WANDB_MODE=offline and wandb sync afterwards")
    else:
        text = f"{host} failed while handling the request ({code}: {reason or 'server error'}): a server-side problem, not your key or permissions."
        fix = ("Check https://status.wandb.com (or the self-hosted server logs) and retry when healthy",
               "Keep training safe from outages: WANDB_MODE=offline, then wandb sync wandb/offline-run-*")
    return Explanation(text=text, fix=fix)
