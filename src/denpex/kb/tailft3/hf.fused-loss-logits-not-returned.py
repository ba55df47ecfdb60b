"""Computed diagnosis for hf.fused-loss-logits-not-returned: which fused loss dropped the logits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    kernel = str(facts.get("kernel") or "").lower()
    if sig == "unsloth-empty-logits" or kernel == "unsloth":
        return Explanation(
            text=("Unsloth's fused cross-entropy returned an EmptyLogits placeholder instead of logits, and the evaluation loop "
                  "tried to gather it: logits are only materialized when UNSLOTH_RETURN_LOGITS=1."),
            fix=("import os; os.environ['UNSLOTH_RETURN_LOGITS'] = '1' before trainer.train() / trainer.evaluate() (more memory).",
                 "Or drop compute_metrics / set prediction_loss_only=True if only the loss is needed."),
            derived={"diagnosis": "Unsloth fused CE returned no logits"},
        )
    if not sig:
        return None
    who = "Liger's fused linear cross-entropy" if kernel == "liger" else "a fused linear cross-entropy kernel (Liger use_liger_kernel, Unsloth, cut-cross-entropy)"
    return Explanation(
        text=(f"outputs.logits is None: {who} computed the loss without materializing logits, and the code reading "
              "outputs.logits (TRL's token-accuracy metric, a custom compute_loss or metric) received nothing."),
        fix=("Liger: apply_liger_kernel_to_<model>(fused_linear_cross_entropy=False, cross_entropy=True), or use_liger_kernel=False for this run.",
             "Or upgrade TRL / Liger-Kernel to releases that skip logit-based metrics under Liger, or compute those metrics in a separate pass."),
        derived={"diagnosis": "fused linear cross-entropy returned logits=None"},
    )
