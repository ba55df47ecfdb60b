"""Computed diagnosis for tensorrt.builder-resource-mismatch: which versions are mixed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _build_to_version(build: str) -> str:
    # trtexec prints e.g. v100800 (10.8.0) or v8402 (8.4.2)
    if len(build) == 6:
        return f"{int(build[:2])}.{int(build[2:4])}.{int(build[4:])}"
    if len(build) == 4:
        return f"{build[0]}.{build[1]}.{build[2]}"
    return build


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = str(facts.get("check") or "")
    if not check:
        return None
    lib = str(facts.get("trt_version") or "")
    build = str(facts.get("trt_build") or "")
    exe = _build_to_version(build) if build else ""
    if lib and exe and not lib.startswith(exe) and not exe.startswith(lib):
        text = (f"trtexec is TensorRT {exe} but it loaded TensorRT {lib} libraries: the builder resource does not match "
                f"libnvinfer, so the {check} check fails.")
    else:
        text = (f"The builder resource library failed TensorRT's {check} check: libnvinfer and "
                "nvinfer_builder_resource come from different TensorRT releases on the library path.")
    fix = ("Keep one TensorRT release: its lib (and bin on Windows) folder first on LD_LIBRARY_PATH/PATH, remove stale "
           "libnvinfer*/nvinfer* copies, and use that release's trtexec.",)
    return Explanation(text=text, fix=fix, derived={"trtexec_version": exe or "?", "library_version": lib or "?"})
