"""Computed diagnosis for rknn.build-failed: turn the failing rule into a config line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rule = str(facts.get("rule") or "")
    sig = str(facts.get("_signature") or "")
    if not rule and not sig:
        return None
    if rule:
        text = (f"The graph-optimizer rule '{rule}' crashed on this model during rknn.build(). "
                "Disabling that rule skips the fusion and usually lets the build finish.")
        fix = (f"rknn.config(target_platform='<your soc>', disable_rules=['{rule}'])",
               "If another rule fails next, add it to the list as well, or simplify the ONNX (onnxsim, static shapes).")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"fusion rule {rule} failed", "rule_text": f": rule {rule} crashed"})
    text = ("rknn.build() raised; the inner error after 'E build: Traceback' tells the stage "
            "(fold_constant = onnxruntime could not run a sub-graph, fuse_ops = a fusion rule, quantize = dataset).")
    fix = ("Look for a 'Rule:' line or disable_rules hint above the traceback and disable that rule; otherwise simplify the ONNX and retry.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": "build stage exception", "rule_text": ""})
