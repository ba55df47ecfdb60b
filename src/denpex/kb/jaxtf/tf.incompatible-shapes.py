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
    sig = facts.get("_signature")
    if sig == "matmul-different-ndims":
        vec = "In[1]" if len(b) < len(a) else "In[0]"
        text = (f"MatMul got operands of rank {len(a)} ({a}) and rank {len(b)} ({b}): matmul needs two matrices (or batches "
                f"of matrices of the same rank); {vec} has fewer axes - usually a 1-D vector (weights, coefficients) where a "
                "column/row matrix was meant.")
        fix = (f"Give {vec} the missing axis (tf.reshape(v, [-1, 1]) / tf.expand_dims), or use tf.linalg.matvec(M, v) for matrix times vector.",
               "With explainers (shap, lime) wrapping a model: pass the model's real input rank and check the background data shape.")
        return Explanation(text=text, fix=fix, derived={"hint": f" (rank {len(a)} vs {len(b)})"})
    if sig == "matrix-size-incompatible":
        if len(a) < 2 or len(b) < 2:
            return None
        k1, k2 = a[-1], b[-2]
        text = (f"MatMul of {a} by {b}: the inner dimensions differ (In[0] has {k1} columns, In[1] has {k2} rows). "
                f"When In[1] is a Dense/linear kernel [{b[-2]}, {b[-1]}], the layer was built for {k2} input features but "
                f"receives {k1} - the data, a Flatten/Reshape before it or a checkpoint has another feature size than the model.")
        fix = [f"Make the input width {k2} (or rebuild the layer for {k1} inputs): check model.summary() against the data's shape."]
        if a[-1] == b[-1]:
            fix.append("The last axes match: one operand is probably transposed - use tf.matmul(a, b, transpose_b=True).")
        elif a[-2] == b[-2]:
            fix.append("The first axes match: use tf.matmul(a, b, transpose_a=True).")
        return Explanation(text=text, fix=tuple(fix), derived={"hint": f" (inner {k1} vs {k2})"})
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
