"""Computed diagnosis for megatron.dist-ckpt-invalid-access-pattern: which key, which layout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int]:
    try:
        return [int(x) for x in str(s).strip("()").replace(" ", "").split(",") if x]
    except ValueError:
        return []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "sharded-object-missing" or facts.get("missing_objects") is not None:
        try:
            n = int(facts["missing_objects"])
        except (KeyError, TypeError, ValueError):
            return None
        return Explanation(
            text=(f"{n} ShardedObject shard(s) are missing: the checkpoint (or the ranks) do not provide every "
                  "object shard the loading layout expects, typically TransformerEngine _extra_state per layer "
                  "when TE/Megatron versions or TP/PP/EP sizes differ between save and load."),
            fix=("Load with the same Megatron-Core/TE versions and parallel sizes as the save, or convert with the official converter.",),
            derived={"diagnosis": "object shards missing", "what": f": {n} ShardedObject shard(s) missing"},
        )
    key = facts.get("key")
    if not key:
        return None
    local = _dims(facts.get("local_shape"))
    glob = _dims(facts.get("global_shape"))
    frags = _dims(facts.get("axis_fragmentations"))
    pieces = 1
    for f in frags:
        pieces *= max(f, 1)
    key = str(key)
    if "experts" in key:
        diagnosis = "expert-parallel sharding of MoE weights"
        hint = "an expert weight: check expert_model_parallel_size / expert_tensor_parallel_size support in this Megatron release"
    elif "layernorm" in key or "norm" in key:
        diagnosis = "replicated norm weight with inconsistent replica ids"
        hint = "a replicated norm weight: ranks disagree about which replica writes it (replica_id bug for this layout)"
    else:
        diagnosis = "ranks disagree about the split of one tensor"
        hint = "the ranks describe different splits of this tensor"
    text = (f"Key '{key}' (global {tuple(glob)}, local {tuple(local)}, {pieces} fragment(s)) is not covered exactly once "
            f"by the main replicas: {hint}.")
    return Explanation(
        text=text,
        fix=("Use a Megatron-Core release with the fix for this layout, or a tested layout for saving.",
             "To load a trusted checkpoint anyway: --no-ckpt-load-validate-sharding-integrity."),
        derived={"diagnosis": diagnosis, "what": f" for '{key}' ({pieces} fragments)"},
    )
