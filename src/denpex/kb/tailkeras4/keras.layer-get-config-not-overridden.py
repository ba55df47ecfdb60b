"""Computed diagnosis for keras.layer-get-config-not-overridden: name the class and its arguments."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _args(raw: str) -> list[str]:
    names = re.findall(r"'([A-Za-z_]\w*)'", raw or "")
    return [n for n in names if n not in ("self", "args", "kwargs")]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    layer = facts.get("layer")
    if not layer:
        return None
    layer = str(layer)
    args = _args(str(facts.get("init_args") or ""))
    if facts.get("_signature") == "lr-schedule":
        diagnosis = f"learning rate schedule {layer} has no get_config()"
        text = (f"The optimizer's learning rate schedule {layer} is a custom LearningRateSchedule without get_config(), "
                "so the optimizer (and the model saved with it) cannot be serialized.")
        fix = (f"Add get_config() to {layer} returning its constructor arguments (e.g. d_model, warmup_steps).",
               "Or save weights only (save_weights_only=True / model.save_weights) and rebuild the optimizer in code.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if args:
        body = ", ".join(f"'{a}': self.{a}" for a in args)
        update = f"config.update({{{body}}})"
        diagnosis = f"{layer} lacks get_config() for {', '.join(args)}"
    else:
        update = "config.update({<each __init__ argument>: self.<arg>})"
        diagnosis = f"{layer} lacks get_config()"
    text = (f"Saving the model serializes every layer, and the custom class {layer} takes its own __init__ arguments"
            f"{' (' + ', '.join(args) + ')' if args else ''} without overriding get_config(), so Keras cannot record how to rebuild it.")
    fix = (f"In class {layer}: def get_config(self): config = super().get_config(); {update}; return config "
           "(store each argument on self in __init__).",
           f"Load later with load_model(path, custom_objects={{'{layer}': {layer}}}).",
           "If only weights are needed: ModelCheckpoint(..., save_weights_only=True) or model.save_weights(path).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
