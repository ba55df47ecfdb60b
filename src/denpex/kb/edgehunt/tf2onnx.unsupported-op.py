"""Computed diagnosis for tf2onnx.unsupported-op: classify the unsupported TensorFlow ops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONTROL = {"Switch", "Merge", "Enter", "Exit", "NextIteration", "LoopCond"}
_PYFUNC = {"PyFunc", "EagerPyFunc", "PyFuncStateless"}


def _ops(facts: Mapping[str, Any]) -> list[str]:
    raw = facts.get("op")
    items = raw if isinstance(raw, (list, tuple)) else ([raw] if raw else [])
    seen: list[str] = []
    for o in items:
        s = str(o)
        if s and s not in seen:
            seen.append(s)
    return seen


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ops = _ops(facts)
    failed = str(facts.get("failed_node") or "")
    if not ops and not failed:
        return None
    parts: list[str] = []
    fix: list[str] = []
    control = [o for o in ops if o in _CONTROL]
    pyf = [o for o in ops if o in _PYFUNC]
    other = [o for o in ops if o not in _CONTROL and o not in _PYFUNC]
    if control:
        parts.append(f"{', '.join(control)}: TF1 control flow (tf.cond / tf.while_loop) left as raw Switch/Merge/Enter ops.")
        fix.append("Convert a TF2 SavedModel or tf.function (python -m tf2onnx.convert --saved-model ...) with a current tf2onnx, or remove the conditional/loop from the exported graph.")
    if pyf:
        parts.append(f"{', '.join(pyf)}: Python callbacks in the graph, which cannot be exported.")
        fix.append("Move the tf.py_function / numpy_function code (often post-processing) out of the exported model.")
    if other:
        parts.append(f"{', '.join(other)}: no tf2onnx handler at this opset/version.")
        fix.append("Upgrade tf2onnx and retry with --opset 17 (or higher); if still unsupported, rewrite that part or export it as a custom op (--custom-ops / onnxruntime-extensions).")
    if failed:
        parts.append(f"Node '{failed}' has a handler that could not express it (see the exception under it, e.g. a dynamic transpose perm).")
        fix.append(f"Make the attributes of '{failed}' constant in the model (fixed permutation/axes), or change the op.")
    diagnosis = "TF1 control flow" if control else ("Python callback in graph" if pyf else "op without ONNX mapping")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"ops": ", ".join(ops) or failed, "diagnosis": diagnosis})
