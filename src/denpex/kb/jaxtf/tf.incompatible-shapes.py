"""Computed diagnosis for tf.incompatible-shapes: which dimensions do not broadcast and what that usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int] | None:
    out = []
    for p in str(s or "").split(","):
        p = p.strip()
        if not p:
            continue
        try:
            out.append(int(p))
        except ValueError:
            out.append(-1)
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a, b = _dims(facts.get("shape_a")), _dims(facts.get("shape_b"))
    if not a or not b:
        return None
    n = max(len(a), len(b))
    pa, pb = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    bad = [i for i in range(n) if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1]
    if not bad:
        return Explanation(text=f"Shapes {a} and {b} look broadcastable; a dynamic (-1/?) dimension differed at run time.",
                           fix=("Print both operands' shapes with tf.print(tf.shape(x)) right before the op named under the error.",))
    desc = ", ".join(f"axis {i} ({pa[i]} vs {pb[i]})" for i in bad)
    fix: list[str] = []
    if bad == [0] and n >= 1:
        hint = f" (batch/first axis {pa[0]} vs {pb[0]})"
        text = (f"Only the first axis differs ({desc}): two tensors with different batch/length along axis 0 were combined - a "
                "hard-coded batch size against a smaller last batch, or labels and predictions from different pipelines.")
        fix += ["Replace fixed batch sizes in the model/loss by tf.shape(x)[0], or batch the dataset with drop_remainder=True.",
                "Check that y_true and y_pred come from the same batch (same dataset, same batch size)."]
    elif bad == [n - 1] and n >= 2:
        hint = f" (last axis {pa[-1]} vs {pb[-1]})"
        text = (f"The last axis differs ({desc}) with the other axes equal: the number of classes/features of the model output "
                "does not match the labels.")
        fix += [f"Make the output layer width equal to the label width ({pa[-1]} vs {pb[-1]}: set Dense units = num_classes), "
                "or fix num_classes in the label encoding."]
    elif 0 < min(bad) < n - 1:
        hint = " (a middle/sequence axis)"
        text = (f"A middle axis differs ({desc}): usually time steps / frames / spatial size - targets and outputs of different "
                "length (padding, stride or reduction factor, max length).")
        fix += ["Pad or crop the targets to the output length, or compute output length from the input the way the model does."]
    else:
        hint = ""
        text = f"Several axes do not broadcast ({desc})."
        fix += ["Compare model.output_shape with the labels' shape and the op named under the error."]
    fix.append("Read the node under the message ([[{{node ...}}]]): *_grad/BroadcastGradientArgs or sub/SquaredDifference is the loss, Equal an accuracy metric.")
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint})
