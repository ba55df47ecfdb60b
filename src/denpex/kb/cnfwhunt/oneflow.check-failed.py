"""Computed diagnosis for oneflow.check-failed: exception kind and the failed condition."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = {
    "UnimplementedException": "not implemented for these inputs / device / SBP",
    "BoxingNotSupportedException": "no boxing between these SBP/placement settings",
    "CompileOptionWrongException": "this OneFlow build lacks the feature (compile option)",
    "RuntimeException": "runtime state error",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("exc_type")
    if not isinstance(kind, str):
        return None
    detail = str(facts.get("detail") or "").strip()
    check = str(facts.get("check") or "").strip()
    if not check and detail and not detail.startswith("stack_frame"):
        check = detail
    derived: dict[str, Any] = {"check": check or kind}
    fix: list[str] = []
    m = re.search(r"Check failed:\s*\(([^)]+)\)\s*(==|!=|>=|<=|>|<)\s*\(([^)]+)\)\s*\(([^)]*?) vs ([^)]*?)\)", check)
    if kind.endswith(".cpp"):
        derived["check"] = check
        where = kind
        kind = "a fatal CHECK"
        text = f"OneFlow's C++ core aborted on a failed check in {where}: {check}."
        if "arg2tensor_desc_" in check or "input_arg_name" in check:
            diagnosis = "an op input missing in the compiled graph"
            text += (" An op input the graph compiler expected is not there: most often a placement (flow.placement) that does not match "
                     "the launched machines and devices, so part of the pipeline has no tensor on this rank.")
            fix.append("Make every flow.placement match the launch: machine ids and device ids that exist (--nnodes x --nproc_per_node); a script written for one machine with four GPUs needs {0: [...], 1: [...]} placements on two machines.")
        else:
            diagnosis = f"C++ CHECK failed in {where}"
            fix.append("Read the condition and the '*** Check failure stack trace' below it; check placements, shapes and device ids of the op it names.")
        fix.append("Pin the OneFlow build the project documents (python3 -m oneflow --doctor shows version and CUDA).")
        derived["diagnosis"] = diagnosis
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if kind in _KINDS:
        diagnosis = _KINDS[kind]
        text = f"OneFlow raised {kind}: {diagnosis}." + (f" {check}" if check else "")
        if "Boxing" in kind or "Unimplemented" in kind:
            fix.append("Change the SBP/placement (e.g. to_global with broadcast first) or run the op on a device/dtype OneFlow implements.")
        elif "CompileOption" in kind:
            fix.append("Install a OneFlow build with that feature (e.g. the CUDA build, not the CPU one): python3 -m oneflow --doctor shows the options.")
        else:
            fix.append("Read the message; check device ids and that tensors are on the expected device/placement.")
    elif m:
        lhs, op, rhs, a, b = (g.strip() for g in m.groups())
        diagnosis = f"{lhs} {op} {rhs} failed ({a} vs {b})"
        text = f"OneFlow checked {lhs} {op} {rhs} and got {a} vs {b}."
        if "device" in lhs:
            fix.append("Check the device index passed (cuda:N must exist; CUDA_VISIBLE_DEVICES renumbers devices).")
        else:
            fix.append(f"Make {lhs} and {rhs} satisfy {op} at the failing op (shapes/sizes from the File frames).")
    elif "xxx == yyy" in check or "==" in check:
        diagnosis = "compiled graph shape/structure check"
        text = (f"A OneFlow check on a compiled graph failed ({check}). With OneDiff this is a cached graph built for other "
                "shapes or options (resolution, batch, ControlNet strength 0 vs > 0).")
        fix.append("Delete the saved graphs (e.g. ComfyUI/input/graphs/) and rerun; keep shapes fixed per cached graph.")
    else:
        diagnosis = "functor check"
        text = f"OneFlow rejected the call: {check or detail}."
        fix.append("Fix the tensor sizes/arguments named in the message; the File frames below it name the functor.")
    fix.append("Pin the OneFlow build the project documents (python3 -m oneflow --doctor shows version and CUDA).")
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=tuple(fix), derived=derived)
