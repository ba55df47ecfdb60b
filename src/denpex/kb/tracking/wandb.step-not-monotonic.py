"""Computed diagnosis for wandb.step-not-monotonic: what kind of step mix-up the two numbers suggest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step, current = facts.get("step"), facts.get("current")
    if not isinstance(step, int) or not isinstance(current, int):
        return None
    gap = current - step
    derived: dict[str, Any] = {"why": ""}
    fix: list[str] = []
    if facts.get("resumed"):
        derived["why"] = ": resumed run restarted behind its last logged step"
        text = (f"The run was resumed and the job logs step {step} while the run is already at step {current}: it restarted from a checkpoint "
                f"{gap} steps behind the last logged step. W&B drops everything until the job passes step {current}.")
        fix.append("Accept the gap, or start logging at max(checkpoint_step, wandb.run.step), or start a new run when restarting from an older checkpoint.")
    elif gap == 1:
        derived["why"] = ": another wandb.log call advanced the step just before"
        text = (f"Step {step} is {gap} behind the current step {current}: a wandb.log call without step= (a callback, another logger, "
                "or a validation hook) committed in between and advanced the counter, so the explicit step arrived late.")
        fix.append("Log both parts in the same step: pass commit=False on the earlier call, or give every call the same explicit global step.")
    elif step * 2 <= current:
        derived["why"] = ": a second, slower counter (epochs, folds or trials) is used as the step"
        text = (f"Step {step} is far below the current step {current}. An epoch, fold or trial counter was passed as step= in a run "
                "whose step already counts iterations (or earlier trials).")
        fix.append("Log the counter as a metric and plot against it: wandb.define_metric('epoch'); wandb.define_metric('val/*', step_metric='epoch'); "
                   "wandb.log({'val/loss': v, 'epoch': e}) without step=.")
        fix.append("For folds or Optuna trials, use one run per fold/trial (wandb.init(group=..., reinit=True)).")
    else:
        derived["why"] = ": two step counters disagree"
        text = (f"wandb.log was called with step={step} while the run is at step {current}. Two step counters disagree "
                "(explicit steps mixed with implicit ones, or a counter reset).")
        fix.append("Use one monotonic global step for every explicit step=, or drop step= and use define_metric for other x-axes.")
    text += " The run itself continues; only these metrics are missing."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
