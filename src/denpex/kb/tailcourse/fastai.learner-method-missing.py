"""Computed diagnosis for fastai.learner-method-missing: the module whose import patches the missing method."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODULE = {
    "fit_one_cycle": "fastai.callback.schedule", "fine_tune": "fastai.callback.schedule",
    "fit_flat_cos": "fastai.callback.schedule", "fit_sgdr": "fastai.callback.schedule", "lr_find": "fastai.callback.schedule",
    "fit_fc": "fastai.train (fastai 1.x)",
    "to_fp16": "fastai.callback.fp16", "to_fp32": "fastai.callback.fp16", "to_bf16": "fastai.callback.fp16",
    "to_non_native_fp16": "fastai.callback.fp16", "to_non_native_fp32": "fastai.callback.fp16",
    "summary": "fastai.callback.hook", "show_training_loop": "fastai.callback.core",
    "to_parallel": "fastai.distributed", "to_distributed": "fastai.distributed", "distrib_ctx": "fastai.distributed",
    "parallel_ctx": "fastai.distributed", "to_detach": "fastai.callback.core",
}
_APP = {"TabularLearner": "tabular", "TextLearner": "text", "LMLearner": "text", "CollabLearner": "collab"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    cls = str(facts.get("learner_cls") or "Learner")
    if not attr:
        return None
    mod = _MODULE.get(attr, "fastai.callback.all")
    app = _APP.get(cls, "vision")
    text = (f"`{cls}.{attr}` is added to Learner by `{mod}` when it is imported; this process never imported it "
            "(selective imports instead of a fastai *.all module).")
    fix = (f"from fastai.{app}.all import *", f"or: import {mod.split(' ')[0]}")
    return Explanation(text=text, fix=fix, derived={"module_needed": mod, "diagnosis": f"{mod} not imported"})
