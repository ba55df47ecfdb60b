"""Computed diagnosis for torchinfo.summary-forward-failed: how far the dummy forward got."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ITEM = re.compile(r"([A-Za-z_][\w.]*)\s*:\s*(\d+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    layers = facts.get("layers")
    if not isinstance(layers, str):
        return None
    items = _ITEM.findall(layers)
    n = len(items)
    if n == 0:
        text = ("The forward failed before the first layer ran: the dummy input itself does not fit (wrong dtype for an "
                "Embedding, missing batch dimension, missing extra inputs) or the object's forward/__call__ is not a plain module call.")
        fix = ("Run model(dummy) yourself with the same input; for index models use dtypes=[torch.long]; "
               "for several inputs use input_data=[...] or a dict.",)
        return Explanation(text=text, fix=fix, derived={"executed": 0, "last": " (before the first layer)"})
    name, depth = items[-1]
    text = (f"{n} layer(s) ran; the last one that completed is {name} (depth {depth}), so the failure is in the layer "
            f"that follows {name} or in the forward code after it.")
    if name in ("Flatten", "AdaptiveAvgPool2d", "AvgPool2d", "MaxPool2d"):
        text += " A Linear after a flatten failing usually means input_size gives another spatial size than the model was built for."
    fix = (f"Check the module after {name} with the real input shape; give input_size with the batch dimension or pass input_data from a real batch.",)
    return Explanation(text=text, fix=fix, derived={"executed": n, "last": f" (last completed: {name})"})
