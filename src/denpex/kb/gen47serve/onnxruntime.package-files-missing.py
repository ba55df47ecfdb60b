"""Computed diagnosis for onnxruntime.package-files-missing: which of the three situations, and the commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names the onnxruntime package has defined in its __init__.py for years: missing = broken install, not an old version
_CORE = frozenset({
    "InferenceSession", "SessionOptions", "RunOptions", "get_available_providers", "get_all_providers", "get_device",
    "GraphOptimizationLevel", "ExecutionMode", "set_default_logger_severity", "NodeArg", "ModelMetadata", "OrtValue",
    "capi", "__version__",
})
# names added later: missing on an intact but older install
_ADDED = {"preload_dlls": "1.21", "get_build_info": "1.11", "set_seed": "1.5", "enable_telemetry_events": "1.9"}

_CLEAN = ("pip uninstall -y onnxruntime onnxruntime-gpu onnxruntime-directml onnxruntime-openvino  "
          "# repeat until none is left, then: pip install <exactly one flavour>")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    attr = facts.get("attr")
    attr = str(attr) if attr else None
    if sig == "capi-load-warning" or sig == "pybind-state-import":
        err = str(facts.get("load_error") or "")
        cause = "the compiled extension onnxruntime_pybind11_state did not load"
        text = ("onnxruntime's native module could not be loaded, so the Python names it should provide"
                + (f" ('{attr}')" if attr else "") + " are missing. "
                + (f"The loader said: {err}. " if err else "")
                + "On Windows this is a DLL the module links against (the CUDA/cuDNN of an onnxruntime-gpu build, the VC++ runtime); "
                  "a wheel for another Python version or a half-deleted install gives the same result.")
        fix = ("Install the Microsoft VC++ 2015-2022 redistributable and the CUDA/cuDNN versions this onnxruntime-gpu was built for (or use the CPU package).",
               _CLEAN, "pip install --force-reinstall --no-deps onnxruntime-gpu  # or onnxruntime")
        return Explanation(text=text, fix=fix, derived={"cause": cause})
    if attr in _ADDED:
        ver = _ADDED[attr]
        cause = f"onnxruntime older than {ver} (no {attr})"
        return Explanation(
            text=f"onnxruntime.{attr} was added in ONNX Runtime {ver}; the installed package is intact but older.",
            fix=(f"pip install -U 'onnxruntime-gpu>={ver}'  # or the CPU flavour, whichever is installed",),
            derived={"cause": cause})
    if sig == "unknown-location":
        cause = "site-packages/onnxruntime has no __init__.py (files deleted by uninstalling one of two ORT flavours)"
        text = (f"Python imported 'onnxruntime' as an empty namespace package (unknown location): the folder exists but its __init__.py is gone, so '{attr or 'InferenceSession'}' cannot be imported. "
                "This is what remains after two ONNX Runtime distributions (onnxruntime + onnxruntime-gpu / -directml / -openvino) shared the folder and one was uninstalled; "
                "the other's metadata still claims it is installed, so a plain pip install does nothing.")
        return Explanation(text=text, fix=(_CLEAN, "pip install --force-reinstall --no-deps onnxruntime-gpu  # restores the files of the flavour you keep"),
                           derived={"cause": cause})
    core = attr in _CORE if attr else True
    if core:
        cause = f"the imported onnxruntime module lacks its core API ('{attr}'): mixed flavours or a shadowing onnxruntime folder"
        text = (f"'onnxruntime' was imported but does not define {attr or 'its API'}, which every intact ONNX Runtime release has: "
                "either a local folder/file named onnxruntime (source or build tree, own onnxruntime.py) is found before site-packages, "
                "or the installed package lost files when a second ONNX Runtime flavour was installed or removed.")
        fix = ("python -c \"import onnxruntime; print(onnxruntime.__file__)\"  # outside site-packages -> rename that folder or run elsewhere; None -> broken install",
               _CLEAN, "pip install --force-reinstall --no-deps onnxruntime-gpu  # or onnxruntime")
    else:
        cause = f"onnxruntime has no attribute '{attr}' (other version, or a broken/shadowed install)"
        text = (f"The onnxruntime module has no '{attr}'. If InferenceSession works, the installed version does not provide '{attr}' (check its changelog); "
                "if it does not, the package is shadowed or broken as described.")
        fix = ("python -c \"import onnxruntime as o; print(o.__version__, o.__file__, hasattr(o, 'InferenceSession'))\"", _CLEAN)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
