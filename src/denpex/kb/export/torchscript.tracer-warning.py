"""Computed diagnosis for torchscript.tracer-warning: which Python value the trace froze and whether it matters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    what = facts.get("what")
    if sig == "output-mismatch":
        nr = facts.get("output_nr")
        return Explanation(
            text=(f"check_trace found that output {nr} of the trace differs from eager on the check inputs: a frozen Python "
                  "value or a nondeterministic op already changes results."),
            fix=("Find the TracerWarnings above it and replace the Python logic with tensor ops, or script that part.",
                 "If the difference comes from randomness (dropout in train mode), call model.eval() before tracing."),
            derived={"what": f"output {nr}"})
    if not what:
        return None
    kind = str(what)
    if "boolean" in kind:
        detail = "an if/while condition on a tensor"
    elif "index" in kind or "integer" in kind or "number" in kind or "float" in kind:
        detail = "a size or index read as a Python number"
    elif "registered as constants" in kind:
        detail = "a tensor created from Python data (torch.tensor / from_numpy)"
    elif "Iterating" in kind:
        detail = "a Python loop over a tensor's first dimension"
    else:
        detail = "a tensor converted to a Python/NumPy value"
    text = (f"Benign unless inputs vary: {detail} was evaluated on the example input and stored as a constant. The trace is "
            "right for inputs that give the same value and wrong for others.")
    fix = ("Check the source line printed under the warning; if the value depends on batch/sequence size or data, rewrite it "
           "with tensor ops or script that function.",
           "Validate the exported model on a second input shape.")
    return Explanation(text=text, fix=fix, derived={"what": detail})
