"""Computed diagnosis for onnxruntime.api-version-unavailable: which ONNX Runtime the binding needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    requested = facts.get("requested")
    max_api = facts.get("max_api")
    runtime = str(facts.get("runtime") or "")
    expected = str(facts.get("expected") or "")
    binding = str(facts.get("binding") or "")
    fix: list[str] = []
    if expected:
        text = (f"ort {binding} checked the loaded library and found ONNX Runtime {runtime or '?'}, but it is built for "
                f"{expected}; it refuses to continue.")
        fix.append(f"Load an ONNX Runtime {expected} library (ORT_DYLIB_PATH), or use the ort release made for {runtime}.")
        return Explanation(text=text, fix=tuple(fix),
                           derived={"diagnosis": f"found {runtime or '?'}, ort {binding} expects {expected}"})
    try:
        req = int(requested) if requested is not None else None
        top = int(max_api) if max_api is not None else None
    except (TypeError, ValueError):
        req = top = None
    lib = runtime or (f"1.{top}.x" if top is not None else "an old release")
    if req is not None:
        text = (f"The loaded ONNX Runtime ({lib}) offers C API versions up to {top}; the binding asks for {req}, "
                f"so it needs ONNX Runtime 1.{req} or newer. The null API table that follows causes the panic/crash.")
        fix.append(f"Point the binding at ONNX Runtime >= 1.{req} (ORT_DYLIB_PATH, ORT_LIB_LOCATION, LD_LIBRARY_PATH) and "
                   "make sure no older copy (System32\\onnxruntime.dll, a distro package) is found first.")
        if top is not None and top == 17:
            fix.append("Max API 17 on Windows is usually C:\\Windows\\System32\\onnxruntime.dll (1.17.1): load yours by absolute path.")
        diagnosis = f"{lib} offers C API 1-{top}, the binding requests {req} (needs ONNX Runtime >= 1.{req})"
    else:
        text = "The loaded ONNX Runtime library is older than the one the binding was built for."
        diagnosis = "C API version not available"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
