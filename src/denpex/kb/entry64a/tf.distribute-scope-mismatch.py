"""Computed diagnosis for tf.distribute-scope-mismatch: which strategy, and what was made outside its scope."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# class name (last part of the printed module path) -> the strategy a reader knows
_KINDS = (
    ("MultiWorkerMirroredStrategy", "MultiWorkerMirroredStrategy"),
    ("CollectiveAllReduceStrategy", "MultiWorkerMirroredStrategy"),
    ("TPUStrategy", "TPUStrategy"),
    ("ParameterServerStrategy", "ParameterServerStrategy"),
    ("CentralStorageStrategy", "CentralStorageStrategy"),
    ("OneDeviceStrategy", "OneDeviceStrategy"),
    ("MirroredStrategy", "MirroredStrategy"),
)

_OPTIMIZER_NAMES = ("/m:", "/v:", "/momentum", "/rms", "/accumulator", "iter:", "iterations", "/Adam", "/SGD", "/RMSprop")


def strategy_kind(strategy: str) -> str:
    cls = strategy.rsplit(".", 1)[-1]
    for key, kind in _KINDS:
        if key in cls:
            return kind
    return cls or "tf.distribute"


def _case(signature: str, variable: str, restore_call: str) -> str:
    if restore_call:
        return "checkpoint"
    if signature in ("slot-variable-other-scope", "colocate-vars-outside-scope"):
        return "optimizer slot"
    if any(n in variable for n in _OPTIMIZER_NAMES):
        return "optimizer"
    return "model"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    signature = str(facts.get("_signature") or "")
    variable = str(facts.get("variable") or "")
    strategy = str(facts.get("strategy") or "")
    restore_call = str(facts.get("restore_call") or "")
    kind = strategy_kind(strategy) if strategy else "tf.distribute strategy"
    case = _case(signature, variable, restore_call)
    what = f"variable '{variable}'" if variable else "a variable"
    scope = "with strategy.scope():"
    fix: list[str] = []
    if case == "checkpoint":
        text = (f"{what.capitalize()} met a {kind} it was not created under, and a restore ({restore_call.strip('.(')}) ran "
                "near it: restoring weights or a checkpoint outside the scope creates the optimizer slots (or the model) "
                "without the strategy.")
        fix.append(f"Build the model and optimizer and call {restore_call.strip('.(')} inside the same `{scope}` block")
    elif case == "optimizer slot":
        text = (f"The optimizer tried to create its slot variable for {what} under the {kind}, but {what} was not created "
                "under that same strategy: the model (or this layer) was built outside the scope, the optimizer comes from "
                "outside it, or a second strategy object exists.")
        fix.append(f"Create the optimizer and the model, and compile, inside one `{scope}` block")
        fix.append("If you resume from a checkpoint, restore it inside that block too")
    elif case == "optimizer":
        text = (f"{what.capitalize()} belongs to an optimizer that was created outside the {kind} scope.")
        fix.append(f"Create the optimizer inside `{scope}` together with the model, then compile there")
    else:
        text = (f"{what.capitalize()} of the model was created outside the {kind} scope: the model or one of its layers "
                "(a hub/pretrained layer, a layer already called on data) was built before the scope was entered.")
        fix.append(f"Build the whole model (including pretrained/hub layers) inside `{scope}`, then compile there")
    if kind == "TPUStrategy":
        fix.append("TPU: create the resolver/strategy once at the top; after re-initialising the TPU, rebuild the model (or restart the runtime)")
    elif kind == "MultiWorkerMirroredStrategy":
        fix.append("Multi-worker: create the strategy first in every worker (before any other TF op), then build the model in its scope")
    elif kind == "OneDeviceStrategy":
        fix.append("Hugging Face TFTrainer: create the model inside training_args.strategy.scope()")
    if signature == "need-inside-strategy-scope":
        fix.append("Keras 3: call model.build(...) (or run one batch through the model) inside the scope before fit()")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"strategy_kind": kind, "case": case, "variable": variable or "a variable"})
