"""Computed diagnosis for brevitas.module-not-supported-for-export: name the layer and a replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLACE = {
    "QuantSigmoid": "keep torch.sigmoid outside the exported module, or use a float nn.Sigmoid followed by QuantIdentity",
    "QuantTanh": "use QuantHardTanh (min_val=-1.0, max_val=1.0) and fine-tune, or keep tanh outside the exported module",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = facts.get("module_class")
    if not cls:
        return None
    layer = str(cls).rsplit(".", 1)[-1]
    fix = ["Export with export_qonnx(model, example_input, 'model.onnx') and convert to FINN with qonnx."]
    if layer in _REPLACE:
        diagnosis = f"{layer} has no handler in this export manager"
        fix.append(f"For {layer}: {_REPLACE[layer]}.")
    elif str(cls).startswith("brevitas."):
        diagnosis = f"Brevitas layer {layer} not handled by this manager"
        fix.append(f"Check whether a newer brevitas handles {layer} (pip install -U brevitas), or replace it with a supported quant layer.")
    else:
        diagnosis = f"custom quant layer {layer} has no export handler"
        fix.append(f"{layer} is not a Brevitas layer: write an export handler for it or replace it before export.")
    text = f"The export manager found no handler for {cls} ({layer}); every quant layer in the model needs one for the chosen target."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "layer": layer})
