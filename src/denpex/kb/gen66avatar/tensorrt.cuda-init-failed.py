"""Computed diagnosis for tensorrt.cuda-init-failed: what the CUDA runtime error number means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# CUDA runtime error numbers TensorRT reports on a failed first CUDA call: (diagnosis, explanation, fix)
_CODES: dict[int, tuple[str, str, str]] = {
    35: ("the NVIDIA driver is older than the CUDA runtime TensorRT uses",
         "cudaErrorInsufficientDriver: the CUDA runtime loaded with TensorRT (pip tensorrt-cuXX wheel, container toolkit) needs a newer driver than the one installed.",
         "Update the driver to one whose nvidia-smi 'CUDA Version' is at least the runtime's, or install the TensorRT build for the driver's CUDA major (pip install tensorrt-cu12 instead of the unpinned tensorrt)."),
    100: ("no CUDA device is visible",
          "cudaErrorNoDevice: the process sees no GPU (container started without --gpus, CUDA_VISIBLE_DEVICES empty or wrong).",
          "Run the container with --gpus all (NVIDIA container toolkit) and check CUDA_VISIBLE_DEVICES."),
    3: ("the CUDA driver could not be initialized",
        "cudaErrorInitializationError: the driver is not loaded or CUDA was used before a fork.",
        "Check nvidia-smi works; reload the driver or reboot after a driver upgrade; do not build engines in a process forked after CUDA was initialized."),
    999: ("the driver or GPU is in an unknown bad state",
          "cudaErrorUnknown: usually a driver that needs a reboot (after an upgrade or suspend), or a WSL2/virtual GPU problem.",
          "Reboot or reload the NVIDIA driver and verify with a small CUDA program before rebuilding the engine."),
    34: ("a stub libcuda was loaded instead of the real driver library",
         "cudaErrorStubLibrary: LD_LIBRARY_PATH points at the toolkit's stubs directory.",
         "Remove .../lib64/stubs from LD_LIBRARY_PATH so the driver's libcuda.so.1 is loaded."),
    804: ("CUDA forward compatibility is not supported on this GPU",
          "cudaErrorCompatNotSupportedOnDevice: a forward-compat package is used on a consumer GPU.",
          "Use a driver that natively supports the runtime's CUDA version, or a TensorRT/CUDA build for the installed driver."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("code")
    if not isinstance(code, int):
        return None
    known = _CODES.get(code)
    if known is None:
        diagnosis = f"CUDA runtime error {code} at TensorRT's first CUDA call"
        return Explanation(
            text=f"TensorRT's CUDA initialization returned CUDA runtime error {code}; look the number up in the CUDA Runtime API error list and check nvidia-smi.",
            fix=("Run nvidia-smi and a small CUDA program (python -c 'import torch; print(torch.cuda.is_available())') to see whether the driver works at all.",),
            derived={"diagnosis": diagnosis},
        )
    diagnosis, text, fix = known
    return Explanation(text=text, fix=(fix,), derived={"diagnosis": diagnosis})
