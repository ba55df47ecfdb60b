"""Computed diagnosis for tf.estimator-nan-loss: when the loss went NaN and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = facts.get("last_step")
    loss = facts.get("last_loss")
    try:
        step_i = int(step) if step is not None else None
    except (TypeError, ValueError):
        step_i = None
    try:
        loss_f = float(loss) if loss is not None else None
    except (TypeError, ValueError):
        loss_f = None
    at = f" after step {step_i}" if step_i is not None else " (no step logged before it)"
    fix = ["Run a few steps with tf.debugging.enable_check_numerics() to name the op that first produces NaN/Inf."]
    if step_i is not None and step_i <= 100:
        text = (f"The loss was {loss} at step {step_i} and NaN right after: an early NaN points at the input data or the loss "
                "formula (NaN/Inf features, labels out of range, log(0)), not a slow divergence.")
        fix.insert(0, "Check the input pipeline for NaN/Inf and out-of-range labels/boxes before touching the learning rate.")
    elif loss_f is not None and loss_f > 1e3:
        text = f"The last logged loss before NaN was {loss} at step {step_i}: the loss was already exploding - the updates are too large."
        fix.insert(0, "Lower the learning rate (10x) and add gradient clipping (clip_by_global_norm / clipnorm), then resume from an earlier checkpoint.")
    elif step_i is not None:
        text = (f"The loss was finite ({loss}) at step {step_i} and then NaN: a sudden NaN mid-training is usually a gradient spike "
                "or one bad batch.")
        fix.insert(0, "Add gradient clipping and lower the learning rate (warm-up end is a typical point); resume from the last checkpoint before the NaN.")
    else:
        text = "The training loss became NaN and the NaN guard stopped the run."
        fix.insert(0, "Lower the learning rate, add gradient clipping, and validate inputs for NaN/Inf.")
    return Explanation(text=text, fix=tuple(fix), derived={"at_step": at})
