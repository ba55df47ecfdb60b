"""Computed diagnosis for fastai.callback-event-exception: name the callback/event and read the inner message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTIN = {"ProgressCallback", "Recorder", "ParamScheduler", "TrainEvalCallback", "CastToTensor",
            "MixedPrecision", "GradientAccumulation", "SaveModelCallback", "EarlyStoppingCallback",
            "LRFinder", "WandbCallback", "TensorBoardCallback", "CSVLogger", "ShowGraphCallback"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cb = facts.get("callback")
    ev = facts.get("event")
    if not cb or not ev:
        return None
    inner = str(facts.get("inner") or "").strip()
    fix: list[str] = []
    if "TensorBase.__format__" in inner or "TensorBase" in inner or "__torch_function__" in inner:
        diagnosis = "fastai release too old for the installed PyTorch"
        text = (f"`{cb}` failed in `{ev}` on a fastai tensor subclass ({inner}): the installed fastai predates "
                "the PyTorch it runs with.")
        fix.append("pip install -U fastai fastcore  (fastai >= 2.7.10 for torch >= 1.13), or pin torch to the release your fastai supports.")
    elif "INTERNAL ASSERT" in inner or "device" in inner.lower():
        diagnosis = f"tensor on the wrong device reached {cb}"
        text = f"`{cb}` failed in `{ev}`: {inner or 'a device error'}. A loss or metric value lives on another device than the model."
        fix.append("Make the loss/metrics return scalars on the model's device; check dls.device and learn.model device.")
    elif cb in _BUILTIN:
        diagnosis = f"error inside fastai's {cb}"
        text = f"fastai's built-in `{cb}` raised in `{ev}`" + (f": {inner}." if inner else ".")
        fix.append("Check fastai/fastcore/torch versions match (pip install -U fastai fastcore) and that metrics/loss return scalars.")
    else:
        diagnosis = f"error in custom callback {cb}"
        text = f"Your callback `{cb}` raised in its `{ev}` method" + (f": {inner}." if inner else ".")
        fix.append(f"Open `{cb}.{ev}` (the frame under it in the traceback) and fix that line; give asserts a message.")
    if inner == "" and cb not in _BUILTIN:
        fix.append("A bare `assert` in a callback makes fastai <= 2.7.14 raise IndexError: tuple index out of range instead.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
