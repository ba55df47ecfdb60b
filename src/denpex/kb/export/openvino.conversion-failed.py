"""Computed diagnosis for openvino.conversion-failed: which ops lack a rule and the route around them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _split(value: Any) -> list[str]:
    return [o.strip() for o in str(value or "").split(",") if o.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    ops = _split(facts.get("ops"))
    failed = _split(facts.get("failed_ops"))
    frontend = facts.get("frontend") or ("onnx" if sig == "onnx-unsupported" else None)
    if not ops and not failed and sig not in ("is-conversion-successful", "mo-cannot-convert"):
        return None
    fix: list[str] = ["pip install -U openvino (plus optimum-intel / ultralytics when they drive the export) and convert again."]
    scripted = any(o.startswith("prim::") or o in ("aten::append", "aten::__getitem__", "aten::len") for o in ops + failed)
    if scripted:
        fix.append("The model was scripted (prim::If / list ops): pass the nn.Module with example_input to ov.convert_model (tracing) or torch.export it first.")
    edge = [o for o in ops if any(k in o for k in ("stft", "nms", "non_max", "NonMaxSuppression", "Sequence", "Optional"))]
    if edge:
        fix.append(f"Run {', '.join(edge)} outside the converted model (pre/post-processing) or avoid them in the export.")
    fix.append("For a genuinely custom op: ov.convert_model(..., extension=ConversionExtension(...)) mapping it to OpenVINO ops.")
    if sig == "mo-cannot-convert":
        fix.insert(0, "Model Optimizer (mo) is deprecated: convert with ovc / ov.convert_model from the original framework model.")
    names = ", ".join(ops) if ops else (", ".join(failed) if failed else "some operations")
    text = (f"The {frontend + ' ' if frontend else ''}frontend has no conversion rule for {names}"
            + (f"; translators also failed for {', '.join(failed)}" if failed and ops else "") + ".")
    return Explanation(text=text, fix=tuple(fix), derived={"ops": names})
