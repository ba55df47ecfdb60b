"""Computed diagnosis for torchscript.trace-io-type: which boundary value is untraceable and the rewrite for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WRAP = ("Trace a wrapper: class Wrapper(torch.nn.Module): def __init__(self, m): super().__init__(); self.m = m; "
         "def forward(self, x): out = self.m(x); return out[0], out[1]  # tensors / tuples only")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    value_type = facts.get("value_type")
    container = facts.get("container")
    bad_type = facts.get("bad_type")
    type_a, type_b = facts.get("type_a"), facts.get("type_b")
    if value_type and value_type.endswith("Output"):
        what = f"the {value_type} dataclass returned by a transformers model"
        text = f"{value_type} is a transformers ModelOutput dataclass, which has no TorchScript type."
        fix = ("Load the model with torchscript=True (AutoModel...from_pretrained(name, torchscript=True)) or pass return_dict=False, so it returns tuples.",
               _WRAP)
    elif container in ("Dictionary", "List") and type_a:
        what = f"a {container.lower()} mixing {type_a} and {type_b}"
        text = (f"A {container.lower()} at the trace boundary holds both {type_a} and {type_b}; TorchScript containers need one element type.")
        fix = (_WRAP + " - return the tensors as a flat tuple, drop or tensorize the odd values.",
               "If this is an input (metadata like sizes), bake it into the wrapper as a constant or pass it as a tensor.")
    elif sig == "container-output-strict" and container:
        what = f"a {container} output in strict mode"
        text = f"The traced function returns a {container}; strict tracing refuses it because its structure could depend on the input."
        fix = ("torch.jit.trace(model, example_inputs, strict=False) if the structure is fixed.", _WRAP)
    elif sig == "input-cannot-be-traced" and bad_type:
        what = f"example inputs of type {bad_type}"
        text = f"An example input has type {bad_type}; only tensors and (nested) lists/dicts/tuples of tensors can be traced."
        fix = ("Pass real tensors as example inputs (not spec objects such as ct.TensorType / torch_tensorrt.Input, numpy arrays or scalars).",
               "Bake non-tensor arguments into a wrapper module as constants.")
    elif bad_type or value_type:
        t = bad_type or value_type
        what = f"a value of type {t}"
        text = f"A {t} object crosses the trace boundary; the tracer only types tensors and homogeneous containers of tensors."
        fix = (_WRAP + f" - convert the {t} to its tensors.", "Keep Python objects (distributions, result classes, BoxList) outside the traced function.")
    elif sig == "output-not-tensors":
        what = "the model's return value"
        text = "The traced function returned something other than tensors or tuples/lists/dicts of tensors (None, Python numbers, custom objects, dict of lists)."
        fix = (_WRAP, "For a dict/list of tensors only: strict=False.")
    elif sig == "cannot-infer-type":
        what = "a value at the trace boundary"
        text = ("The tracer could not give the example inputs or the returned value a TorchScript type; the reason is on the "
                "line starting with ':' after the value dump (mixed dict/list types, or a non-tensor object).")
        fix = (_WRAP, "For a dict/list of tensors only: strict=False; keep metadata and Python objects out of the traced call.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what})
