"""Computed diagnosis for wandb.watch-called-twice: which integration watched the model again, and
the switch that stops the second watch there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GENERIC_FIX = (
    "Build a fresh model instance per run/fold, or watch each model object once; "
    "wandb.unwatch(model) does not reset the model._wandb_watch_called flag.",
    "Notebook: restart the kernel and run the training cell once.",
)


def _integration(caller: str) -> str:
    c = caller.lower()
    if "transformers" in c or "_setup_wandb" in c or "wandbcallback" in c:
        return "transformers"
    if "lightning" in c or "wandblogger" in c:
        return "lightning"
    if "opensoundscape" in c:
        return "opensoundscape"
    if "ultralytics" in c:
        return "ultralytics"
    return "plain"


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    graph = bool(facts.get("graph_frame"))
    integ = _integration(caller)
    derived: dict[str, Any] = {"integration": integ, "graph_hook": "yes" if graph else "unknown"}
    fix: list[str] = []
    if integ == "transformers":
        derived["caller_text"] = " (Hugging Face Trainer WandbCallback)"
        text = ("The Hugging Face Trainer's WandbCallback watched a model object that was already watched in this "
                "process: a second Trainer, a re-run notebook cell or a search trial reused the same model.")
        fix += ["os.environ['WANDB_WATCH'] = 'false' before building the Trainer (or report_to='none' if W&B is not wanted).",
                "Or load the model again (from_pretrained / model_init=...) for every Trainer you create."]
    elif integ == "lightning":
        derived["caller_text"] = " (Lightning WandbLogger.watch)"
        text = ("Lightning's WandbLogger.watch was called on a LightningModule that was already watched: watch in a "
                "fold/trial loop or both user code and a callback calling it.")
        fix += ["WandbLogger.watch(model, log_graph=False), or call it once per new LightningModule instance.",
                "Reusing the module on purpose: logger.experiment.unwatch(model); model._wandb_watch_called = False before the next watch."]
    elif integ == "opensoundscape":
        derived["caller_text"] = " (opensoundscape CNN.train)"
        text = "opensoundscape's CNN.train calls run.watch on every call; training the same CNN object a second time watches it twice."
        fix += ["Turn off the graph hook: cnn.wandb_logging['log_graph'] = False (the default from PR #808 on), or upgrade opensoundscape."]
    elif integ == "ultralytics":
        derived["caller_text"] = " (Ultralytics W&B callback)"
        text = "The Ultralytics W&B callback watched a model object that a previous training call (an earlier fold) had already watched."
        fix += ["Create a new YOLO(...) model for every fold, and finish the W&B run (wandb.finish()) between folds."]
    else:
        derived["caller_text"] = " (from your own code or an unrecognised library)"
        text = ("Code called wandb.watch / run.watch again on a torch model that was already watched in this "
                "process (a loop over folds or runs, or a retry) with the graph hook on.")
        fix += ["Call wandb.watch(model) once, outside the loop, or pass log_graph=False (only the graph hook refuses a second watch)."]
    if graph:
        text += " The failure is in the graph hook (log_graph=True), so watching with log_graph=False also avoids it."
    fix += list(_GENERIC_FIX)
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError):
        return None
