"""Computed diagnosis for wandb.init-not-called: which W&B call ran without a run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    api = str(facts.get("api") or "")
    if not api:
        return None
    if api.endswith("Callback") or "Callback" in api:
        return Explanation(
            text=f"{api} was created before wandb.init(); W&B integration callbacks need an active run when they are constructed.",
            fix=(f"Call wandb.init(project=...) before {api}(...)",),
            derived={"kind": "callback before init"})
    if api in ("wandb.config", "wandb.summary"):
        return Explanation(
            text=f"{api} was read or written before wandb.init() in this process.",
            fix=("Call wandb.init(config=...) first, or keep the config in a plain dict until the run exists",),
            derived={"kind": "config access before init"})
    return Explanation(
        text=(f"{api}() ran in a process with no active W&B run: typically a non-zero rank in distributed training "
              "(init guarded by rank == 0, log not), or code logging after wandb.finish()."),
        fix=(f"Guard the call like the init: if rank == 0: {api}(...)  (or call run.log on the object wandb.init returned)",
             "If it happens after 'wandb: Synced ...', move the call before wandb.finish() / the end of training"),
        derived={"kind": "call without run"})
