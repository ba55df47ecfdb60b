"""Computed diagnosis for opacus.model-not-dp-compatible: the replacement for the offending layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLACE = {
    "LSTM": "opacus.layers.DPLSTM", "GRU": "opacus.layers.DPGRU", "RNN": "opacus.layers.DPRNN",
    "MultiheadAttention": "opacus.layers.DPMultiheadAttention",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    mtype = str(facts.get("module_type") or "")
    mname = str(facts.get("module_name") or "")
    where = f" ({mname})" if mname else ""
    if sig == "not-training-mode":
        return Explanation(
            text="make_private was called on a model in eval() mode: Opacus only wraps a model in training mode.",
            fix=("model.train()  # before privacy_engine.make_private(...), and again after every evaluation",),
            derived={"diagnosis": "model in eval mode"},
        )
    if sig == "batchnorm-cannot-support" or mtype.startswith(("BatchNorm", "SyncBatchNorm")):
        return Explanation(
            text=f"The model has a BatchNorm layer{where}{' ' + mtype if mtype else ''}: it mixes the samples of a batch and cannot be trained with DP.",
            fix=("from opacus.validators import ModuleValidator; model = ModuleValidator.fix(model)  # BatchNorm -> GroupNorm, before creating the optimizer",),
            derived={"diagnosis": "BatchNorm layer must be replaced (GroupNorm)"},
        )
    if sig == "incompatible-module-exception":
        return Explanation(
            text="The Opacus 0.x / torchdp model inspector found layers it does not support (BatchNorm or a layer without a grad sampler, e.g. nn.Embedding in torchdp).",
            fix=("Upgrade to Opacus 1.x and run ModuleValidator.fix(model), or on 0.x: from opacus.utils import module_modification; model = module_modification.convert_batchnorm_modules(model)",
                 "Freeze layers Opacus cannot handle (requires_grad=False)."),
            derived={"diagnosis": "layer not supported by the 0.x inspector"},
        )
    if mtype in _REPLACE:
        return Explanation(
            text=f"{mtype}{where} has no per-sample gradient implementation; Opacus ships {_REPLACE[mtype]} as a drop-in replacement.",
            fix=(f"model = ModuleValidator.fix(model)  # replaces {mtype} with {_REPLACE[mtype]}",),
            derived={"diagnosis": f"{mtype} must be replaced ({_REPLACE[mtype]})"},
        )
    if mtype.startswith("InstanceNorm"):
        return Explanation(
            text=f"{mtype}{where} tracks running statistics (buffers), which Opacus does not allow.",
            fix=(f"Build it with track_running_stats=False, or replace it with nn.GroupNorm.",),
            derived={"diagnosis": f"{mtype} with running stats"},
        )
    if mtype:
        return Explanation(
            text=f"{mtype}{where} is a trainable layer type without a registered grad sampler.",
            fix=("privacy_engine.make_private(..., grad_sample_mode='functorch')  # per-sample gradients via functorch",
                 f"or register one: @opacus.grad_sample.register_grad_sampler({mtype}), or freeze it (requires_grad=False)."),
            derived={"diagnosis": f"no grad sampler for {mtype}"},
        )
    return Explanation(
        text="A trainable layer of the model is not supported by Opacus (see the module listed in the error).",
        fix=("print(ModuleValidator.validate(model, strict=False))  # lists every offending module",
             "model = ModuleValidator.fix(model), then grad_sample_mode='functorch' for custom layers."),
        derived={"diagnosis": "unsupported trainable layer"},
    )
