"""Computed diagnosis for opacus.per-sample-grad-missing: which of the three checks failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CHECK = ("print([n for n, p in model.named_parameters() "
          "if p.requires_grad and getattr(p, 'grad_sample', None) is None])  # after loss.backward()")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-found":
        return Explanation(
            text=("The optimizer holds a parameter without any grad_sample attribute: it does not belong to the "
                  "module make_private wrapped (the optimizer was built from another model instance, or layers "
                  "were added after make_private)."),
            fix=("Build the optimizer from the model you pass to make_private, after all model changes: "
                 "optimizer = torch.optim.SGD(model.parameters(), lr=...) ; model, optimizer, dl = engine.make_private(module=model, optimizer=optimizer, ...)",),
            derived={"diagnosis": "optimizer parameters not in the wrapped model"},
        )
    if sig == "unexpected-type":
        t = str(facts.get("grad_sample_type") or "")
        if t != "NoneType":
            return Explanation(
                text=f"grad_sample holds a {t}, neither a tensor nor a list of tensors: a custom grad sampler returned the wrong type.",
                fix=("Return a tensor of shape (batch, *param.shape) from the registered grad sampler.",),
                derived={"diagnosis": f"grad sampler returned {t}"},
            )
        return Explanation(
            text=("grad_sample is None (Opacus 1.0 reports it as an unexpected type): a trainable parameter got no "
                  "per-sample gradient in this backward pass - it was not used in the forward pass, or it was used "
                  "outside its module."),
            fix=("Freeze unused parameters (requires_grad=False) before make_private, and upgrade Opacus for the clearer message.", _CHECK),
            derived={"diagnosis": "trainable parameter unused in forward"},
        )
    if sig == "not-initialized":
        return Explanation(
            text=("A trainable parameter got no per-sample gradient in this backward pass: it was not used in the "
                  "forward pass (unused head, pooler, skipped branch) or its weight was used outside its module "
                  "(F.linear on self.weight, tied embeddings), so Opacus' hooks never saw it."),
            fix=(_CHECK, "Set requires_grad=False on the listed parameters, or call their modules normally."),
            derived={"diagnosis": "trainable parameter unused in forward"},
        )
    return None
