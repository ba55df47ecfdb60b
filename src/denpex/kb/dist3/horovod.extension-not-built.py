"""Computed diagnosis for horovod.extension-not-built: the install flag for the missing part."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLAGS = {
    "horovod.torch": ("HOROVOD_WITH_PYTORCH", "PyTorch", "torch"),
    "horovod.tensorflow": ("HOROVOD_WITH_TENSORFLOW", "TensorFlow", "tensorflow"),
    "horovod.keras": ("HOROVOD_WITH_TENSORFLOW", "TensorFlow/Keras", "tensorflow"),
    "horovod.mxnet": ("HOROVOD_WITH_MXNET", "MXNet", "mxnet"),
}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    ext = facts.get("extension")
    comp = facts.get("component")
    if ext:
        flag, name, mod = _FLAGS.get(str(ext), ("HOROVOD_WITH_PYTORCH", str(ext), "torch"))
        extra = "[pytorch]" if mod == "torch" else ("[tensorflow]" if mod == "tensorflow" else "")
        text = (f"The {name} binding of Horovod ({ext}) was never compiled in this environment"
                + (f": {facts.get('extension_path')} is missing." if facts.get("extension_path") else "."))
        fix = (f"python -c 'import {mod}' must work first, in the same environment the job runs.",
               f"{flag}=1 HOROVOD_GPU_OPERATIONS=NCCL pip install --no-cache-dir --force-reinstall horovod{extra}  "
               "(with the flag set a failing build now shows its compiler/CMake error).",
               "Check: horovodrun --check-build")
        return Explanation(text=text, fix=fix, derived={"component": name, "install_flag": flag})
    if comp:
        flag = "HOROVOD_WITH_GLOO" if comp == "Gloo" else "HOROVOD_WITH_MPI"
        need = "CMake" if comp == "Gloo" else "an MPI implementation (mpicc on PATH)"
        other = "--mpi" if comp == "Gloo" else "--gloo"
        text = f"Horovod's {comp} controller was not built into this installation."
        fix = (f"Install {need}, then {flag}=1 pip install --no-cache-dir --force-reinstall horovod.",
               f"Or launch with the controller that is built (horovodrun {other}); check with horovodrun --check-build.")
        return Explanation(text=text, fix=fix, derived={"component": comp, "install_flag": flag})
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
