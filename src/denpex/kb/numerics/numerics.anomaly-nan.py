"""Computed diagnosis for numerics.anomaly-nan: the forward op behind the failing backward node."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "log": "log of zero or a negative value: use torch.log(x.clamp_min(eps)) or log_softmax/logsumexp",
    "logsoftmax": "log_softmax over a row that is entirely -inf (fully masked): make sure each row keeps at least one valid position",
    "softmax": "softmax over a fully masked row or overflowing logits: use a finite mask value and compute in float32",
    "sqrt": "sqrt at 0 has an infinite gradient: use torch.sqrt(x + eps)",
    "pow": "pow with a fractional exponent at 0 or a negative base: add eps / clamp",
    "div": "division by (near) zero: add eps to the denominator",
    "norm": "the gradient of a norm at exactly zero is NaN: add eps or use x.pow(2).sum().clamp_min(eps).sqrt()",
    "mul": "multiplication with inf/NaN (often from an earlier overflow): check the inputs of this multiply for non-finite values",
    "addmm": "a Linear layer (addmm) with non-finite inputs or weights: check activations and the learning rate",
    "mm": "a matmul with non-finite inputs or weights",
    "exp": "exp overflow: subtract the max first or work in log space",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("backward_op")
    if not op:
        return Explanation(
            text="Anomaly mode was enabled only around backward, so PyTorch recorded no forward stack for the failing node.",
            fix=("Enable torch.autograd.set_detect_anomaly(True) before the forward pass (or wrap forward and backward in torch.autograd.detect_anomaly()) and rerun.",),
            derived={"backward_op": "a backward node", "forward_op": "unknown"},
        )
    fwd = re.sub(r"Backward\d*$", "", op)
    key = fwd.lower().replace("_", "")
    derived = {"forward_op": fwd}
    text = f"Anomaly mode reports that the backward of {fwd} ({op}) failed and prints the forward line that created it; the exception after the forward stack is the actual error."
    fix = ["Read the exception that follows (a NaN in this op's gradient, an in-place modification, ...) and the last forward frame in your code."]
    hint = _HINTS.get(key) or next((h for k, h in _HINTS.items() if key.startswith(k)), None)
    if hint:
        fix.append(f"If the error is a NaN: {hint}.")
    fix.append("Turn anomaly detection off after debugging; it slows every step.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
