"""Computed diagnosis for edgetpu.compilation-failed: tell the wordings apart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    seg = facts.get("segment_ops")
    if sig in ("dynamic-sized-tensors", "model-failed-in-interpreter"):
        diagnosis = "model does not load in the TFLite interpreter (dynamic shapes)"
        text = ("The compiler could not prepare the model in the TFLite interpreter: a tensor has a dynamic (-1) "
                "dimension or an op the interpreter cannot run. The Edge TPU needs a static, fully int8 graph.")
        fix = ("Re-export with a fixed input signature (batch 1, fixed H/W/sequence) and check "
               "tf.lite.Interpreter(...).get_input_details()[0]['shape_signature'] has no -1.",)
    else:
        diagnosis = "no compilable Edge TPU segment"
        text = "The compiler found nothing it could map onto the Edge TPU"
        if seg:
            text += f" (last try: a segment of {seg} ops)"
        text += "; the model uses ops, ranks or dtypes outside the Edge TPU constraints."
        fix = ("Check the model runs in tf.lite.Interpreter, is fully int8, and uses only Edge TPU supported ops; "
               "compile with -a to find the largest segment that maps.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
