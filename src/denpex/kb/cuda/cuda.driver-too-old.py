"""Computed diagnosis for cuda.driver-too-old: decode the driver's CUDA version and say what to install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Oldest Linux driver release that supports each CUDA version (CUDA toolkit release notes).
_MIN_DRIVER = (
    ((13, 0), "580.65.06"),
    ((12, 8), "570.26"),
    ((12, 6), "560.28.03"),
    ((12, 4), "550.54.14"),
    ((12, 1), "530.30.02"),
    ((12, 0), "525.60.13"),
    ((11, 8), "520.61.05"),
    ((11, 0), "450.36.06"),
)

_WHEELS = ("cu130", "cu129", "cu128", "cu126", "cu124", "cu121", "cu118", "cu117", "cu116", "cu113", "cu111", "cu102", "cu101", "cu92", "cu90")

_CODES = {
    35: "cudaErrorInsufficientDriver: the driver is older than the CUDA runtime",
    803: "cudaErrorSystemDriverMismatch: kernel module and user-space driver library are from different releases (reboot after the upgrade)",
    804: "cudaErrorCompatNotSupportedOnDevice: CUDA forward-compatibility libraries were used on a GPU that does not support them",
}


def _ver(wheel: str) -> tuple[int, int]:
    digits = wheel[2:]
    return int(digits[:-1]), int(digits[-1])


def _decode(v: int) -> tuple[int, int]:
    return v // 1000, (v % 1000) // 10


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("driver_cuda_version")
    driver_cuda = facts.get("driver_cuda")
    driver = facts.get("driver")
    code = facts.get("cuda_error_code")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    supported: tuple[int, int] | None = None
    if isinstance(raw, int) and raw > 0:
        supported = _decode(raw)
        derived["driver_supports_cuda"] = f"{supported[0]}.{supported[1]}"
        parts.append(f"the driver reports version {raw}, i.e. it supports CUDA up to {supported[0]}.{supported[1]}")
    elif driver_cuda:
        try:
            major, minor = (int(x) for x in str(driver_cuda).split(".")[:2])
            supported = (major, minor)
        except ValueError:
            supported = None
        parts.append(f"nvidia-smi shows driver {driver or '?'} supporting CUDA up to {driver_cuda}")
    if isinstance(code, int) and code in _CODES:
        parts.append(f"error {code} is {_CODES[code]}")
    if not parts:
        return None
    if supported is not None:
        wheels = [w for w in _WHEELS if _ver(w) <= supported]
        if wheels:
            derived["newest_wheel_for_driver"] = wheels[0]
            old = "" if wheels[0] in _WHEELS[:7] else " (only older PyTorch releases were built for it)"
            fix.append(f"Without a driver upgrade: pip install torch --index-url https://download.pytorch.org/whl/{wheels[0]} (CUDA <= {supported[0]}.{supported[1]}){old}.")
        else:
            fix.append(f"No current PyTorch wheel targets CUDA {supported[0]}.{supported[1]}; upgrade the driver or pin an old PyTorch release built for it.")
        fix.append("Or upgrade the driver to one that supports the program's CUDA (" + ", ".join(f"CUDA {a}.{b}: >= {d}" for (a, b), d in _MIN_DRIVER[:4]) + "), then reboot.")
    elif code == 803:
        fix.append("Reboot (or reload the nvidia kernel modules) so the kernel module matches the upgraded libcuda.")
    elif code == 804:
        fix.append("Remove the cuda-compat libraries from LD_LIBRARY_PATH (or use an image whose CUDA the host driver supports natively).")
    text = "CUDA could not initialise: " + "; ".join(parts) + "."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
