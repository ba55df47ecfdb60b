"""Computed diagnosis for torch2trt.tensor-has-no-trt: which converter hit the untracked tensor and where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    converter = str(facts.get("converter") or "")
    conv_file = str(facts.get("converter_file") or "")
    site = str(facts.get("site") or "")
    sig = str(facts.get("_signature") or "")
    if site == "mark_outputs" or sig == "tensor-no-trt-mark-outputs":
        what = "a model output has no TensorRT tensor (mark_outputs)"
        text = ("mark_outputs found a model output that no converter produced: the last op before that output "
                "(an upsample/interpolate mode, a custom op, or a constant) was run in PyTorch only.")
        fix = ("Find the op that produces that output and convert it (rewrite or @tensorrt_converter), or return the "
               "tensor before it and do the rest in PyTorch.",)
    elif converter:
        op = converter[len("convert_"):] if converter.startswith("convert_") else converter
        what = f"{converter} got a tensor no earlier converter produced"
        text = (f"The {op} converter ({conv_file or 'converters'}.py) is only the first consumer: its input tensor was "
                f"produced by an op torch2trt did not convert (see the 'Encountered known unsupported method' warnings) "
                f"or created inside forward, so it has no _trt.")
        fix = (f"Look at the op just before the {op} call in forward (flatten/view, pooling with dim, slicing, a tensor "
               f"built from Python values) and rewrite or register a converter for it.",)
    else:
        what = "a tensor without a TensorRT counterpart reached a converter"
        text = ("A converter received a tensor that no earlier converter produced: an unconverted op or a tensor "
                "created inside forward sits between the inputs and this call.")
        fix = ()
    return Explanation(text=text, fix=fix, derived={"what": what})
