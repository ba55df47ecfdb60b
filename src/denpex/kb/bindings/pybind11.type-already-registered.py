"""Computed diagnosis for pybind11.type-already-registered: which double registration this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("type_name") or "").strip()
    sig = facts.get("_signature")
    if not name:
        return None
    if sig == "nanobind-warning":
        return Explanation(
            text=f"nanobind found the C++ type behind '{name}' already registered and reused the earlier registration: two copies of the extension (or two extensions binding the same type) are loaded.",
            fix=("Harmless by itself; if later calls fail with cast or argument errors, remove the duplicate copy so one build is imported.",),
            derived={"form": "nanobind"},
        )
    if name == "_gpuDeviceProperties":
        return Explanation(
            text="'_gpuDeviceProperties' is PaddlePaddle's binding of CUDA's device-properties struct; PyTorch binds the same C++ struct, so the second of the two libraries to import fails (paddle and torch in one process, e.g. PaddleOCR inside a torch pipeline).",
            fix=("Run the Paddle part (OCR/layout) in a separate process, or move it to a torch-based model.",
                 "Otherwise try the paddlepaddle / torch release pair the project pins (its requirements), importing paddle before torch, as a stopgap."),
            derived={"form": "two-libraries"},
        )
    if sig == "name-already-defined" or name.startswith("_Cuda"):
        return Explanation(
            text=f"The binding of '{name}' was initialised twice in the same module scope: the module's init ran again (reload, the package imported under two names or from two install locations).",
            fix=("Restart the interpreter instead of reloading; check python -c 'import torch; print(torch.__file__)' for a second install shadowing the first, and leave one.",),
            derived={"form": "init-twice"},
        )
    return Explanation(
        text=f"The C++ type bound as '{name}' was already registered by another extension module in this process: most often a second copy of the same extension (old build beside a reinstalled one, local build directory on sys.path, or a package vendoring it).",
        fix=(f"Find every module defining '{name}': pip list for duplicates, look for stale build/ or *.so files on sys.path (python -c 'import sys; print(sys.path)'), then uninstall and reinstall once.",
             "If two different packages bind the same library, import them in separate processes or use versions that bind it module-locally."),
        derived={"form": "duplicate-copy"},
    )
