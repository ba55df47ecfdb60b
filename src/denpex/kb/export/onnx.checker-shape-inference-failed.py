"""Computed diagnosis for onnx.checker-shape-inference-failed: which shape disagrees where, or which checker rule broke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "shape-differ":
        kind = facts.get("kind") or "shape"
        inferred, existing = facts.get("inferred"), facts.get("existing")
        op, node = facts.get("op_type"), facts.get("node")
        where = f"node {node} ({op})" if node and op else (f"a {op} node" if op else "a node")
        detail = f"{where}: inferred {kind} ({inferred}) vs stored ({existing})"
        text = (f"At {where} the op computes {kind} ({inferred}) but the model stores ({existing}) for that tensor - a stale "
                "value_info/output shape from an earlier export or edit.")
        fix = ("del model.graph.value_info[:] and run onnx.shape_inference.infer_shapes(model) again.",
               "If you changed the input size/batch: change the graph outputs too (or use a symbolic dim) - better, re-export with dynamic_axes.",
               "On onnx < 1.8 with IR >= 4 models: pip install -U onnx.")
        return Explanation(text=text, fix=fix, derived={"check": "shape inference", "detail": detail})
    detail = str(facts.get("detail") or "")
    if not detail:
        return None
    low = detail.lower()
    if "ir_version" in low or ("ir version" in low and "higher" in low) or ("opset" in low and ("higher" in low or "under development" in low)):
        fix = ("pip install -U onnx to a version that knows the model's IR/opset (or export with a lower opset).",)
    elif "elem type differs" in low:
        fix = ("A stored dtype (value_info / graph output) disagrees with what the op produces: del model.graph.value_info[:], fix "
               "the output dtype, or add the missing Cast in the model (e.g. indices must be int64 for Gather).",)
    elif "no op registered" in low or "unrecognized attribute" in low:
        fix = ("The node uses an op/attribute not in the declared opset: export with the opset the op needs, or convert with "
               "onnx.version_converter; custom domains must be declared in opset_import.",)
    elif "topologically sorted" in low or "ssa" in low or "required but missing" in low or "consumed" in low:
        fix = ("The graph structure is invalid (edited or old-opset model): clean it with onnx-graphsurgeon (cleanup().toposort()) "
               "or re-export / version-convert it.",)
    else:
        fix = ("Fix the rule named in the message at the node in the 'Context' / 'Bad node spec' part, then check_model(path, full_check=True).",)
    check = "checker" if sig == "validation-error" else "shape inference"
    return Explanation(text=f"onnx {check} rejected the model: {detail}", fix=fix, derived={"check": check, "detail": detail})
