"""Computed diagnosis for mmengine.runner-loop-config-incomplete: which members of the loop trio are missing."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRIO = {"train": ("train_dataloader", "train_cfg", "optim_wrapper"),
         "val": ("val_dataloader", "val_cfg", "val_evaluator"),
         "test": ("test_dataloader", "test_cfg", "test_evaluator")}
_EXAMPLE = {"train_dataloader": "train_dataloader=dict(batch_size=2, num_workers=2, sampler=dict(type='DefaultSampler', shuffle=True), dataset=dict(...))",
            "train_cfg": "train_cfg=dict(type='EpochBasedTrainLoop', max_epochs=12, val_interval=1)",
            "optim_wrapper": "optim_wrapper=dict(type='OptimWrapper', optimizer=dict(type='SGD', lr=0.02, momentum=0.9, weight_decay=0.0001))",
            "val_dataloader": "val_dataloader=dict(batch_size=1, dataset=dict(..., test_mode=True))",
            "val_cfg": "val_cfg=dict(type='ValLoop')",
            "val_evaluator": "val_evaluator=dict(type='CocoMetric', ann_file=..., metric='bbox')",
            "test_dataloader": "test_dataloader=val_dataloader",
            "test_cfg": "test_cfg=dict(type='TestLoop')",
            "test_evaluator": "test_evaluator=val_evaluator"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    phase = facts.get("phase")
    if phase not in _TRIO:
        return None
    trio = _TRIO[phase]
    got = facts.get("got")
    fix: list[str] = []
    if isinstance(got, str):
        none = [k for k in trio if re.search(rf"\b{k}=None\b", got)]
        given = [k for k in trio if k not in none]
        if not none:
            return None
        text = (f"The {phase} loop is half-configured: {', '.join(given)} {'is' if len(given) == 1 else 'are'} set but "
                f"{', '.join(none)} {'is' if len(none) == 1 else 'are'} None.")
        for k in none:
            fix.append(f"Add {_EXAMPLE[k]}")
        if "train_dataloader" in none or "val_dataloader" in none:
            text += " A dataloader is usually None because a _base_ dataset file uses the old data=dict(train=..., val=...) format."
            fix.append("Or inherit a dataset base of the mmengine generation (one that defines train_dataloader/val_dataloader).")
        if "optim_wrapper" in none:
            text += " An 'optimizer=' key of the old config format is not read by mmengine."
        if phase != "train":
            fix.append(f"Or switch {phase} off with {', '.join(k + '=None' for k in trio)}.")
        return Explanation(text=text, fix=tuple(fix), derived={"none_members": ", ".join(none), "given_members": ", ".join(given)})
    text = (f"runner.{phase}() was called but the config has none of {', '.join(trio)}: it is probably an OpenMMLab "
            "2.x-era config (data=, optimizer=, runner=/evaluation= keys) run with an mmengine-based codebase.")
    fix.append(f"Define {', '.join(trio)} in the config (see the codebase's 3.x/1.x config migration guide).")
    fix.append("Or run the config with the codebase release it was written for (mmcv-full 1.x line).")
    return Explanation(text=text, fix=tuple(fix), derived={"none_members": ", ".join(trio)})
