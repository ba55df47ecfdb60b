"""Which kind of input did not require grad, from the frame that asked for the gradient."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    if not caller:
        return None
    if caller.startswith("captum"):
        where, text = " (captum attribution)", (
            "captum differentiates the inputs you pass to attribute(); one of them does not require grad. "
            "Integer inputs (token ids) never can: attribute at the embedding layer instead.")
        fix = ("Use LayerIntegratedGradients / LayerGradientXActivation on the embedding layer (e.g. model.embeddings) "
               "and pass the ids as inputs, or pass float embeddings with requires_grad_().",)
    elif "checkpoint" in caller:
        where, text = " (gradient checkpointing)", (
            "The call came through gradient checkpointing: reentrant checkpointing differentiates the recomputed "
            "block's inputs, and with the weights below it frozen none of them requires grad.")
        fix = ("Use torch.utils.checkpoint.checkpoint(fn, *args, use_reentrant=False), or model.enable_input_require_grads() "
               "(transformers), or turn checkpointing off (use_checkpoint=False / gradient_checkpointing=False).",)
    elif ".parameters()" in caller:
        where, text = " (a model's parameter list)", (
            "The inputs are a model's .parameters(), which also yields frozen parameters (requires_grad=False).")
        fix = ("Pass [p for p in model.parameters() if p.requires_grad] to torch.autograd.grad.",)
    else:
        where, text = " (backward over chosen inputs)", (
            "backward()/autograd.grad was asked for the gradient of a tensor that does not require grad "
            "(created or modified under torch.no_grad(), or never marked).")
        fix = ("Wrap the computation in torch.enable_grad() and call requires_grad_() on the tensors you differentiate.",)
    return Explanation(text=text, fix=fix, derived={"where": where})
