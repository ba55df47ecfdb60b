"""Computed diagnosis for tensorrt.network-no-output: point at the parse step that left the network empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hint = "look above for the ONNX parser error; the builder only saw an empty network"
    text = ("The builder validated a network without outputs. For ONNX models this means the parse failed or never ran "
            "(unsupported node, file not found, missing EXPLICIT_BATCH on TensorRT 7-9) and the script did not check "
            "parser.parse()'s return value.")
    fix = ("if not parser.parse(f.read()): print all parser.get_error(i) for i in range(parser.num_errors) and stop.",
           "builder.create_network(1 << int(trt.NetworkDefinitionCreationFlag.EXPLICIT_BATCH)) for ONNX.",
           "Hand-built networks only: network.mark_output(tensor).")
    return Explanation(text=text, fix=fix, derived={"hint": hint})
