"""Computed diagnosis for onnx.export-io-names-exceed: names vs graph inputs/outputs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        kind = str(facts["kind"])
        n = int(facts["names_provided"])
        m = int(facts["graph_count"])
    except (KeyError, TypeError, ValueError):
        return None
    extra = n - m
    if kind == "output" and m == 0:
        diag = "forward returned no tensors"
        text = (f"The traced forward returned no tensor outputs, but {n} output names were given: it returns None, a dict "
                "or objects (e.g. Instances) that the tracer does not see, or a training-mode result.")
        fix = ("model.eval(); wrap it so forward returns a tuple of tensors, then export with output_names of that length.",)
    elif kind == "output":
        diag = f"{extra} output name(s) too many"
        text = f"The graph has {m} output tensor(s) but {n} names were given ({extra} too many)."
        fix = (f"Pass {m} output_names (or return the {extra} missing tensor(s) from forward).",)
    else:
        diag = f"{extra} input name(s) too many"
        text = (f"The graph has {m} input(s) but {n} input names were given: pass one name per tensor in args; inputs "
                "that forward does not use are dropped from the graph.")
        fix = (f"Use {m} input_names, or pass/use the other inputs in forward.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
