"""Computed diagnosis for dist.sharded-weight-not-gathered: ZeRO-3 vs FSDP advice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sharder = str(facts.get("sharder") or "").lower()
    conv = facts.get("_signature") == "conv-weight-dims"
    layer = "convolution" if conv else "embedding"
    if "fsdp" in sharder or "fullysharded" in sharder:
        text = (f"An {layer} ran on an FSDP-sharded parameter outside the FSDP forward (submodule called directly, generate on "
                "the inner module, or a helper model wrapped separately).")
        fix = ("Call the FSDP-wrapped root module, or wrap direct use in `with FSDP.summon_full_params(model, writeback=False):`.",
               "For generation with TRL/accelerate use their unwrap-for-generation helpers, which gather the weights first.")
        kind = "fsdp"
    elif sharder:
        text = (f"An {layer} ran on a DeepSpeed ZeRO-3 partitioned parameter (empty placeholder) outside the engine: a ref/teacher/"
                "helper model created under ZeRO-3 but not prepared, or the unwrapped model called directly.")
        fix = ("Prepare that model with the engine (accelerator.prepare / deepspeed.initialize), or gather around the call: "
               "`with deepspeed.zero.GatheredParameters(list(m.parameters()), modifier_rank=None): ...`.",
               "Or load frozen helper models before/without the ZeRO-3 config (they then stay whole), or use ZeRO stage 2.")
        kind = "deepspeed-zero3"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"sharding": kind})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
