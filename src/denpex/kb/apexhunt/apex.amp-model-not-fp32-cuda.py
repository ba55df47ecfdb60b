"""Computed diagnosis for apex.amp-model-not-fp32-cuda: read the offending tensor's type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ttype = facts.get("tensor_type")
    name = facts.get("name") or "?"
    kind = facts.get("kind") or "param"
    if not isinstance(ttype, str):
        return None
    on_cuda = ".cuda." in ttype
    if not on_cuda:
        diagnosis = "model not on the GPU"
        text = (f"{kind} '{name}' is a CPU tensor ({ttype}): the model was not moved to CUDA before amp.initialize.")
        fix = ("model = model.cuda()  # before amp.initialize, and before building the optimizer",)
        if kind == "buffer" and ttype.endswith("DoubleTensor"):
            diagnosis = "float64 CPU buffer (profiler leftovers?)"
            text += f" It is also float64: '{name}' looks like a buffer added by a FLOPs profiler (thop adds total_ops/total_params)."
            fix = fix + ("Profile a copy.deepcopy(model), or remove those buffers, before amp.initialize.",)
    elif "Half" in ttype:
        diagnosis = "model already converted to fp16"
        text = f"{kind} '{name}' is already fp16 ({ttype}): model.half() was called, but amp casts the model itself."
        fix = ("Remove model.half(); use opt_level='O2' or 'O3' for fp16 weights.",)
    elif "Double" in ttype:
        diagnosis = "float64 tensor in the model"
        text = f"{kind} '{name}' is float64 ({ttype}); amp expects fp32."
        fix = ("model = model.float()  # or create that tensor as float32", "If it is a total_ops/total_params buffer, profile a copy of the model instead.")
    else:
        diagnosis = f"unexpected tensor type {ttype}"
        text = f"{kind} '{name}' has type {ttype}; amp.initialize needs every parameter and buffer to be torch.cuda.FloatTensor."
        fix = ("Convert the model with model.float().cuda() before amp.initialize.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
