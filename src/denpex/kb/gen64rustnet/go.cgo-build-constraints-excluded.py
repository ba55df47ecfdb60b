"""Computed diagnosis for go.cgo-build-constraints-excluded: cgo binding or platform-specific package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CGO_BINDINGS = ("onnxruntime_go", "go-tflite", "gotch", "tensorflow/go", "gorgonia.org/cu", "go-llama",
                 "whisper.cpp", "go-onnxruntime", "tflite", "libtorch", "go-skynet")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "")
    directory = str(facts.get("dir") or "")
    windows = "\\" in directory or ":" in directory[:3]
    if any(b in package for b in _CGO_BINDINGS):
        diagnosis = "cgo is disabled (CGO_ENABLED=0, cross-compiling, or no C compiler found)"
        text = (f"{package} is a cgo binding to a native ML runtime: every file needs cgo, so with cgo off none is left.")
        fix = ["Install MinGW-w64 (gcc on PATH), then go env -w CGO_ENABLED=1 and rebuild."] if windows else \
              ["Install gcc/clang and build with CGO_ENABLED=1 (with CC set to a cross compiler when GOOS/GOARCH differ from the host)."]
    else:
        diagnosis = "no file matches this GOOS/GOARCH/cgo setting"
        text = (f"No file of {package} matches the current build settings: cgo may be off, or the package "
                "does not support the target GOOS/GOARCH.")
        fix = ["Check go env CGO_ENABLED GOOS GOARCH against the package's supported platforms."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
