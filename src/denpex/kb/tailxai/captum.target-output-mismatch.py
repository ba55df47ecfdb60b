"""Computed diagnosis for captum.target-output-mismatch: read the shapes and say which side is wrong."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int] | None:
    if not s:
        return None
    nums = re.findall(r"\d+", str(s))
    return [int(n) for n in nums]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    out = _dims(facts.get("output_shape"))
    tgt = _dims(facts.get("target_shape"))
    if sig == "target-not-provided":
        return Explanation(
            text="target=None but the forward returns more than one value per example; Captum needs one scalar per row.",
            fix=("Pass target=<class index> (e.g. target=model(x).argmax(1)), or wrap the forward to return one score per example.",),
            derived={"diagnosis": "target missing"},
        )
    if sig == "cannot-choose-column" and out is not None:
        if len(out) <= 1:
            n = out[0] if out else 0
            return Explanation(
                text=(f"The forward returns a 1-D output of {n} values (one per example/step), so there is no column "
                      "to select: the target argument must be dropped."),
                fix=("Call attribute(...) without target, or return output.unsqueeze(1) from the forward and use target=0.",),
                derived={"diagnosis": "target given for single-output model"},
            )
        return Explanation(
            text=f"The target tuple has more indices than the output {out} has non-batch dimensions ({len(out) - 1}).",
            fix=(f"Use at most {len(out) - 1} index/indices in target for an output of shape {out}.",),
            derived={"diagnosis": "target tuple too long"},
        )
    if sig == "tensor-target-dimension" and tgt is not None:
        if len(tgt) == 2 and out and len(out) == 2 and tgt == out:
            text = (f"The target is a {tgt[0]}x{tgt[1]} matrix, the same shape as the output: labels/one-hot were passed. "
                    "Captum wants one column index per example.")
            fix = ("target=labels.argmax(dim=1) (shape [B]) for classification; for multi-output regression attribute one "
                   "column at a time: target=0, then target=1 ...",)
            diagnosis = "one-hot or label matrix as target"
        elif len(tgt) == 1 and out and tgt[0] != out[0]:
            text = (f"The target vector has {tgt[0]} entries but the output has {out[0]} rows: the target must have one "
                    "index per example (per row the forward sees).")
            fix = ("Give one class index per example in the batch you pass to attribute().",)
            diagnosis = "target length != batch"
        else:
            text = f"A tensor target of shape {tgt} is not a single index (shape []) or one index per example (shape [B])."
            fix = ("Pass target as an int or a 1-D LongTensor with one class index per example.",)
            diagnosis = "target tensor shape invalid"
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "target-list-length":
        return Explanation(
            text="A list target must have exactly one entry per example in the batch.",
            fix=("Make len(target) equal to inputs.shape[0], or pass a single int.",),
            derived={"diagnosis": "target list length != batch"},
        )
    return None
