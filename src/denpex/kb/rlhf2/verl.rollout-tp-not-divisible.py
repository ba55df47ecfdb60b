"""Computed diagnosis for verl.rollout-tp-not-divisible: valid tensor-parallel sizes for the worker count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        w, tp = facts.get("world_size"), facts.get("infer_tp")
        if w is None or tp is None:
            return None
        w, tp = int(w), int(tp)
        if w <= 0 or tp <= 0:
            return None
        valid = [d for d in range(1, w + 1) if w % d == 0]
        below = max(d for d in valid if d <= tp) if any(d <= tp for d in valid) else 1
        key = ("actor_rollout_ref.rollout.tensor_model_parallel_size" if str(facts.get("role", "rollout")) == "rollout"
               else "reward_model tensor_model_parallel_size")
        gpus_up = ((w + tp - 1) // tp) * tp
        fix = [f"Set {key}={below} (valid for {w} GPU(s): {valid})."]
        if w > 1 or tp > 1:
            fix.append(f"Or keep TP {tp} and use {gpus_up} GPUs (trainer.n_gpus_per_node x trainer.nnodes = {gpus_up}).")
        return Explanation(
            text=(f"The worker group has {w} GPU(s) and the engine wants tensor-parallel groups of {tp}: "
                  f"{w} % {tp} = {w % tp}, so no (dp, tp) mesh exists."),
            fix=tuple(fix),
            derived={"valid_tp": valid, "suggested_tp": below},
        )
    except Exception:
        return None
