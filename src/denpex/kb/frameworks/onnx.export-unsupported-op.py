"""Computed diagnosis for onnx.export-unsupported-op: opset to use or rewrite for the operator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REWRITES = {
    "lift_fresh": "forward builds a tensor from Python data with torch.tensor(...): create it once in __init__ with self.register_buffer(...) or use torch.as_tensor.",
    "tile": "replace x.tile(reps) with x.repeat(reps) (same result for full-length reps).",
    "unflatten": "replace x.unflatten(dim, sizes) with x.reshape(...) / x.view(...) using explicit sizes.",
    "scaled_dot_product_attention": "upgrade PyTorch (2.1+ exports SDPA at opset >= 14) or write attention explicitly: torch.softmax(q @ k.transpose(-2, -1) * scale, -1) @ v.",
    "randint": "generate random numbers outside the exported model (pass them as an input) or use torch.rand-based ops with an exported symbolic.",
    "uniform": "random init inside forward is not exportable: move it outside the model or pass the random tensor as an input.",
    "var": "compute it explicitly: ((x - x.mean(dim, keepdim=True)) ** 2).mean(dim) (times n/(n-1) for the unbiased form), or use opset >= 11 on a newer torch.",
    "tril": "use opset_version >= 14 (Trilu).",
    "triu": "use opset_version >= 14 (Trilu).",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("operator") or "")
    opset = facts.get("opset")
    added = facts.get("added_in")
    if not op:
        return None
    short = op.split("::")[-1]
    derived: dict[str, Any] = {"added_txt": f" (available from opset {added})" if added else ""}
    fix: list[str] = []
    if isinstance(added, int):
        text = f"PyTorch converts {op} only from opset {added}; the export asked for opset {opset}."
        fix.append(f"Export with torch.onnx.export(..., opset_version={added}) or higher (and make sure the target runtime supports opset {added}).")
    else:
        text = f"This PyTorch has no ONNX conversion for {op} at opset {opset} or below."
        fix.append("Upgrade PyTorch and export with its default (latest) opset; newer releases add conversions.")
    if short in _REWRITES:
        fix.append(f"Or rewrite it: {_REWRITES[short]}")
    fix.append("Alternatives: torch.onnx.register_custom_op_symbolic for the op, or the dynamo-based exporter (torch.onnx.export(..., dynamo=True), PyTorch 2.5+).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
