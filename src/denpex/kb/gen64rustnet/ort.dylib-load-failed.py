"""Computed diagnosis for ort.dylib-load-failed: what the path ort tried says about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIB_NAMES = ("onnxruntime.dll", "libonnxruntime.so", "libonnxruntime.dylib")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    fix: list[str] = []
    if not path:
        text = ("ort (load-dynamic) could not open the ONNX Runtime library and panicked; the path it tried is not in "
                "this log. Set ORT_DYLIB_PATH to the library file and make sure its dependencies resolve.")
        return Explanation(text=text, fix=(), derived={"at_path": " (path not in the log)"})
    name = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
    if not any(name.startswith(n) for n in _LIB_NAMES) and "." not in name:
        text = (f"ort was told to load '{path}', which looks like a directory: ORT_DYLIB_PATH (or ort::init_from) "
                "must name the library file itself.")
        windows = "\\" in path or ":" in path
        sep = "\\" if windows else "/"
        lib = "onnxruntime.dll" if windows else "libonnxruntime.so"
        fix.append(f"Point ORT_DYLIB_PATH at the file inside it, e.g. {path.rstrip(sep)}{sep}{lib}.")
    elif "/" not in path and "\\" not in path:
        text = (f"ort tried the bare name '{path}': no ORT_DYLIB_PATH was set and the OS loader found no ONNX Runtime "
                "library on its search path.")
        fix.append("Install the ONNX Runtime release your ort version targets and set ORT_DYLIB_PATH to the full file path.")
    elif "LoadLibraryExW" in reason:
        text = (f"Windows refused to load '{path}' (LoadLibraryExW failed): either the file is not there or one of its "
                "dependencies is missing (onnxruntime_providers_shared.dll, VC++ runtime, CUDA/cuDNN for the GPU build).")
        fix.append("Keep onnxruntime_providers_shared.dll next to onnxruntime.dll and install the Visual C++ redistributable.")
    else:
        text = f"The OS loader could not open '{path}'" + (f": {reason}" if reason else ".")
    return Explanation(text=text, fix=tuple(fix), derived={"at_path": f" at {path}"})
