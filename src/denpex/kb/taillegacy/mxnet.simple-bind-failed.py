"""Computed diagnosis for mxnet.simple-bind-failed: name the operator whose input shape is unknown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    op = str(facts.get("operator") or "")
    data = str(facts.get("data_shape") or "")
    label = str(facts.get("label_arg") or "")
    if sig == "unknown-ndim-index":
        who = f"operator '{op}'" if op else "an operator"
        text = (f"Shape inference stopped at {who}: it reads dimension {facts.get('index', 0)} of an input whose shape is "
                "unknown (ndim -1, MXNet 1.5+ semantics).")
        if label:
            text += f" A label ('{label}') was passed, so the unknown input is another variable (auxiliary input or a custom op's infer_shape)."
            fix = (f"List the arguments still unknown: sym.infer_shape_partial(data={data or '(...)'}) and give each a shape in bind.",
                   "Or pin mxnet==1.4.1, the last release with the old unknown-shape rules.")
        else:
            tgt = op or "<output>"
            text += (f" No label shape was passed{(' (only data ' + data + ')') if data else ''}: '{tgt}' is most likely an output "
                     "layer (LinearRegressionOutput / SoftmaxOutput) whose label variable has no shape.")
            fix = (f"mod.bind(data_shapes=[('data', {data or '(N, C, H, W)'})], label_shapes=[('{tgt}_label', ({data.strip('()').split(',')[0] if data else 'N'},))], for_training=False)",
                   f"or bind the graph without the loss head: sym = sym.get_internals()['<layer before {tgt}>_output']",
                   "or pip install mxnet==1.4.1 (mxnet-cuXX==1.4.1) for code written before MXNet 1.5.")
        return Explanation(text=text, fix=fix, derived={"operator_label": f" at operator {op}" if op else "",
                                                          "diagnosis": "unknown input shape (ndim -1)"})
    if sig == "infer-shape-wrapper":
        text = ("MXNet shape inference (Symbol.infer_shape) failed for the argument shapes printed after 'infer_shape error. Arguments:'"
                f"{(' (data ' + data + ')') if data else ''}. The MXNetError raised right after names the operator and the check; "
                "in Gluon/GluonTS this means a batch whose shape does not fit the network (e.g. a 2-D multivariate target fed to a "
                "univariate estimator, or feature counts that differ from the ones the model was built with).")
        fix = ("Compare the listed argument shapes with what the network expects (target dimension, number of dynamic/static features).",
               "GluonTS: a multivariate target needs a multivariate estimator/output (or one series per target dimension).",
               "If the inner line says 'must be in range [0, -1)': a variable has no shape (MXNet 1.5+ unknown-shape rules).")
        return Explanation(text=text, fix=fix, derived={"operator_label": " during shape inference", "diagnosis": "shape inference failed"})
    if sig == "simple-bind-wrapper":
        text = ("MXNet could not create the executor for the shapes passed"
                f"{(' (data ' + data + ')') if data else ''}. The lines right after the argument list name the operator and the check "
                "that failed; without them, rerun and keep the full stderr.")
        fix = ("If the inner line says 'must be in range [0, -1)': give the label shape in bind or drop the loss layer (MXNet 1.5+).",
               "If it says 'Shape inconsistent': the data shape does not match what the network expects.")
        return Explanation(text=text, fix=fix, derived={"operator_label": "", "diagnosis": "bind failed"})
    return None
