"""Computed diagnosis for verl.batch-size-config: the batch arithmetic with the user's numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "real-train-divisible":
        real, minimal = facts.get("real_train_batch_size"), facts.get("minimal_bsz")
        if not real or not minimal:
            return None
        lower = (real // minimal) * minimal
        upper = lower + minimal
        text = (f"train_batch_size x rollout.n = {real} trajectories cannot be split evenly over {minimal} "
                f"(the GPU count for FSDP, or DP x ppo_micro_batch_size_per_gpu for Megatron): {real} % {minimal} = {real % minimal}.")
        fix = [f"Make data.train_batch_size x actor_rollout_ref.rollout.n a multiple of {minimal}: e.g. {upper}"
               + (f" or {lower}" if lower > 0 else "") + " trajectories."]
        if real < minimal:
            fix.append(f"With fewer trajectories ({real}) than {minimal}, raise train_batch_size or rollout.n, or use fewer GPUs.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": f"{real} trajectories not divisible by {minimal}",
                                                               "next_valid": upper})
    if sig == "mini-above-train":
        tb, mini, role = facts.get("train_batch_size"), facts.get("ppo_mini_batch_size"), facts.get("role") or "actor"
        if not tb or not mini:
            return None
        ok = [d for d in _divisors(tb) if d <= mini][-1]
        where = "actor_rollout_ref.actor" if role == "actor" else "critic"
        return Explanation(
            text=f"The {role} mini batch ({mini} prompts) is larger than the whole training batch ({tb} prompts).",
            fix=(f"{where}.ppo_mini_batch_size={ok} (<= {tb} and dividing it), or raise data.train_batch_size to >= {mini}.",),
            derived={"problem": f"{role} ppo_mini_batch_size {mini} > train_batch_size {tb}", "suggested_mini": ok},
        )
    if sig == "mini-zero":
        return Explanation(
            text=("Each GPU's share of the mini batch, ppo_mini_batch_size x rollout.n // (world_size / ulysses SP), rounded down to "
                  f"{facts.get('normalized_mini', 0)}: fewer trajectories per mini batch than data-parallel GPUs."),
            fix=("Raise ppo_mini_batch_size (or rollout.n) so that ppo_mini_batch_size x rollout.n >= n_gpus / ulysses_sequence_parallel_size,",
                 "or run on fewer GPUs / a larger ulysses_sequence_parallel_size."),
            derived={"problem": "per-GPU mini batch rounds to 0"},
        )
    if sig in ("mini-micro-normalized", "mini-micro-config"):
        per, micro = facts.get("normalized_mini") or facts.get("ppo_mini_batch_size"), facts.get("micro_per_gpu")
        if not per or not micro:
            return None
        fits = [d for d in _divisors(per) if d <= micro]
        best = fits[-1] if fits else 1
        label = "per-GPU mini batch" if sig == "mini-micro-normalized" else "ppo_mini_batch_size"
        return Explanation(
            text=f"The {label} ({per}) is not a whole number of micro batches of {micro} ({per} % {micro} = {per % micro}).",
            fix=(f"ppo_micro_batch_size_per_gpu={best} (divides {per}), or change ppo_mini_batch_size / rollout.n so the {label} is a multiple of {micro}.",),
            derived={"problem": f"{label} {per} not a multiple of micro batch {micro}", "suggested_micro": best},
        )
    if sig == "micro-setting":
        section, param = facts.get("section") or "", facts.get("param") or ""
        return Explanation(
            text=f"{section}: exactly one of the global micro batch key and its *_per_gpu form must be set (here: {param}).",
            fix=(f"Set only {param if param.endswith('_per_gpu') else param + '_per_gpu'} and remove the deprecated global key "
                 f"(or set {section}.use_dynamic_bsz / log_prob_use_dynamic_bsz=True).",),
            derived={"problem": f"{section} micro batch keys"},
        )
    return None
