"""Computed diagnosis for fairscale.sharded-ddp-assert: which of the two checks fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "bucket-failed-to-be-sent":
        return Explanation(
            text=("A ShardedDDP gradient bucket was still incomplete at the end of backward: a trainable parameter got no "
                  "gradient this step (or fairscale 0.3.0 multi-node / 0.3.1 bucketing bug)."),
            fix=("ShardedDDP(..., reduce_buffer_size=0) to disable buckets.",
                 "Freeze unused parameters (requires_grad=False) or make them contribute to the loss.",
                 "pip install -U fairscale (or move to torch FSDP / ZeroRedundancyOptimizer)."),
            derived={"what": "ShardedDDP bucket not sent (unused parameter or bucketing bug)"},
        )
    if sig == "grad-fn-assert":
        return Explanation(
            text=("ShardedDDP set up gradient hooks in a forward that ran without autograd (torch.no_grad with the model in "
                  "train mode), so the parameter view has no grad_fn."),
            fix=("Call model.eval() before no-grad forwards (validation, generate, custom inference).",
                 "Upgrade fairscale (later releases skip hook setup when grad is disabled) or use torch FSDP."),
            derived={"what": "ShardedDDP hook setup under no_grad (p_tmp.grad_fn is None)"},
        )
    return None
