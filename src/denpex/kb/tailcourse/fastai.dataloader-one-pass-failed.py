"""Computed diagnosis for fastai.dataloader-one-pass-failed: classify the exception printed after the notice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("inner_exc") or "")
    msg = str(facts.get("inner_msg") or "")
    both = f"{exc}: {msg}" if exc else ""
    if "numpy" in msg and "has no attribute" in msg:
        diagnosis = "fastai release too old for numpy"
        text = f"The one-batch check failed with `{both}`: this fastai uses a numpy alias removed in numpy 1.24."
        fix = ("pip install -U fastai fastcore, or pip install 'numpy<1.24'.",)
    elif "'list' object has no attribute 'to'" in msg:
        diagnosis = "batch transforms got lists, not tensors"
        text = f"The one-batch check failed with `{both}`: the items were not collated into tensors before batch_tfms."
        fix = ("Add item_tfms=Resize(size) (all items one size) and make get_x/get_y return single items, not lists.",)
    elif any(k in msg for k in ("new()", "new_ones()", "TensorBase", "__torch_function__")):
        diagnosis = "fastai release too old for PyTorch"
        text = f"The one-batch check failed with `{both}`: fastai's tensor subclasses do not match the installed torch."
        fix = ("pip install -U fastai fastcore, or install the torch version your fastai release was built for.",)
    elif exc in ("IndexError", "KeyError") or "iloc" in msg or "out of bounds" in msg:
        diagnosis = "empty or mis-indexed items"
        text = f"The one-batch check failed with `{both}`: the item list or a split is empty or indexed wrongly."
        fix = ("Check len(get_items(source)) and the splitter; for DataFrames check the column names in get_x/get_y.",)
    elif both:
        diagnosis = f"pipeline step raised {exc}"
        text = f"The one-batch check failed with `{both}`."
        fix = ("Run dblock.summary(source) to see which step (get_x, get_y, item_tfms, batch_tfms) raises.",)
    else:
        diagnosis = "pipeline failed on the first batch (cause not in the log)"
        text = "fastai printed the notice but the exception after it is not in this log; old releases swallow it."
        fix = ("Run dblock.summary(source) or dls.one_batch() to get the real exception.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
