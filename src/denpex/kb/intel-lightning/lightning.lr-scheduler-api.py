"""Computed diagnosis for lightning.lr-scheduler-api: built-in torch scheduler (version mismatch) vs a custom class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTIN = {
    "LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR", "LinearLR", "ExponentialLR",
    "SequentialLR", "CosineAnnealingLR", "ChainedScheduler", "CyclicLR", "CosineAnnealingWarmRestarts",
    "OneCycleLR", "PolynomialLR", "ReduceLROnPlateau", "SWALR",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("scheduler") or "").strip("`")
    if not name:
        return None
    short = name.rsplit(".", 1)[-1]
    hook = ("Or add to the LightningModule: def lr_scheduler_step(self, scheduler, optimizer_idx, metric): "
            "scheduler.step() if metric is None else scheduler.step(metric)  (Lightning 2.x: def lr_scheduler_step(self, scheduler, metric)).")
    if short in _BUILTIN:
        what = "Lightning 1.x does not recognise torch 2.x schedulers"
        text = (f"{short} is a built-in torch scheduler, so this is a version mismatch: the installed Lightning (1.6-1.8) checks the pre-2.0 "
                "_LRScheduler base class, while torch 2.x schedulers derive from LRScheduler.")
        if short == "LambdaLR":
            text += " (transformers' get_*_schedule_with_warmup helpers return LambdaLR too.)"
        fix = ("Upgrade Lightning: pip install -U \"pytorch-lightning>=2.0\" (or lightning).",
               "Or keep Lightning 1.x with torch 1.13: pip install torch==1.13.1 torchvision==0.14.1.",
               hook)
    else:
        what = "custom scheduler class is not a torch LRScheduler"
        text = (f"{name} is not one of torch's schedulers: Lightning cannot assume it steps like a torch LRScheduler unless the class "
                "subclasses torch.optim.lr_scheduler.LRScheduler or you override lr_scheduler_step. (If it is a torch scheduler under another name, check torch >= 2.0 with Lightning <= 1.8.)")
        fix = (f"Make {short} subclass torch.optim.lr_scheduler.LRScheduler (implement get_lr), or keep it and override the hook.",
               hook)
    return Explanation(text=text, fix=fix, derived={"what": what})
