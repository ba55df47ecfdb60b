"""Computed diagnosis for mmengine.resume-checkpoint-incomplete: which training-state key was missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "message_hub": "the MessageHub state (iteration counters, log buffers)",
    "optimizer": "the optimizer state",
    "param_schedulers": "the LR/momentum scheduler state",
    "meta": "the run metadata (epoch, iteration)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    if not key:
        return None
    part = _WHAT.get(key, f"'{key}'")
    text = (f"Runner.resume() looked for {part} under checkpoint['{key}'] and the file has none: it holds weights only "
            "(model-zoo / pretrained / published or OpenMMLab 1.x checkpoint), so it can be loaded but not resumed.")
    fix = ("To fine-tune: load_from='<that file>' and resume=False (remove --resume).",
           "To continue your run: --resume work_dirs/<exp>/epoch_N.pth written by this runner.")
    return Explanation(text=text, fix=fix, derived={"what": f"resume from a weights-only checkpoint (no '{key}')"})
