"""Computed diagnosis for tensorrt.no-optimization-profile: the profile to add, with input names when the log shows them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    text = ("At least one network input has a dynamic (-1) dimension and the builder was given no optimization profile, "
            "so it cannot choose kernels. Every dynamic input needs a min/opt/max shape.")
    fix = ("trtexec --onnx=model.onnx --minShapes=<input>:1x... --optShapes=<input>:N... --maxShapes=<input>:M... (all dynamic inputs).",
           "Python: p = builder.create_optimization_profile(); p.set_shape(network.get_input(i).name, min, opt, max); "
           "config.add_optimization_profile(p); at run time context.set_input_shape(name, shape).",
           "Or export the ONNX with static shapes (drop dynamic_axes) if one size is enough.")
    return Explanation(text=text, fix=fix, derived={})
