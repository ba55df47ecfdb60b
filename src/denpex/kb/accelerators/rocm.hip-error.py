"""Computed diagnosis for rocm.hip-error: the GPU's gfx target, its HSA version and the override that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# gfx targets PyTorch ROCm wheels ship (union over rocm5.x-7.x indexes; exact list: torch.cuda.get_arch_list())
_SHIPPED = {"gfx900", "gfx906", "gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950",
            "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150", "gfx1151", "gfx1200", "gfx1201"}
# family sibling whose code objects the community runs via HSA_OVERRIDE_GFX_VERSION
_OVERRIDE = {
    "gfx1031": "gfx1030", "gfx1032": "gfx1030", "gfx1033": "gfx1030", "gfx1034": "gfx1030",
    "gfx1035": "gfx1030", "gfx1036": "gfx1030",
    "gfx1101": "gfx1100", "gfx1102": "gfx1100", "gfx1103": "gfx1100",
    "gfx1150": "gfx1100", "gfx1151": "gfx1100", "gfx1152": "gfx1100",
    "gfx902": "gfx900", "gfx909": "gfx900", "gfx90c": "gfx900",
}
_NATIVE_SINCE = {
    "gfx942": "ROCm 5.7", "gfx950": "ROCm 7.0", "gfx1200": "ROCm 6.4", "gfx1201": "ROCm 6.4",
    "gfx1150": "ROCm 6.4/7.0 (TheRock builds)", "gfx1151": "ROCm 6.4/7.0 (TheRock builds)",
    "gfx1101": "ROCm 5.7", "gfx1102": "ROCm 5.7",
}


def hsa_version(gfx: str) -> str | None:
    """gfx1031 -> 10.3.1, gfx90a -> 9.0.10 (major digits, then one hex digit each for minor and stepping)."""
    body = gfx.lower().removeprefix("gfx")
    if len(body) < 3:
        return None
    major, minor, step = body[:-2], body[-2], body[-1]
    try:
        return f"{int(major)}.{int(minor, 16)}.{int(step, 16)}"
    except ValueError:
        return None


_NO_DEVICE = (
    "no AMD GPU is visible to the process (hipErrorNoDevice)",
    "The HIP runtime found no usable AMD GPU. The driver (amdgpu/KFD) is not loaded, the process cannot open /dev/kfd and /dev/dri/renderD*, "
    "the container was started without those devices, or HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES hides every GPU.",
    "Run rocminfo (it must list a gfx agent) and ls -l /dev/kfd /dev/dri; add the user to the render and video groups "
    "(sudo usermod -aG render,video $USER, then log in again), start containers with --device=/dev/kfd --device=/dev/dri, "
    "and unset an empty HIP_VISIBLE_DEVICES/ROCR_VISIBLE_DEVICES.",
)
_NAMED: dict[str, tuple[str, str, str]] = {
    "hipErrorNoDevice": _NO_DEVICE,
    "no ROCm-capable device is detected": _NO_DEVICE,
    "hipErrorInvalidDevice": (
        "the GPU index does not exist (hipErrorInvalidDevice)",
        "The process asked for a GPU index that is not among the visible devices: a device id larger than the number of GPUs left by HIP_VISIBLE_DEVICES/ROCR_VISIBLE_DEVICES, or a local rank beyond the GPUs of the node.",
        "Compare the device index the code uses (LOCAL_RANK, --gpu) with python -c 'import torch; print(torch.cuda.device_count())' under the same environment.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gfx = str(facts.get("gfx") or "").lower() or None
    reason = facts.get("reason")
    hip_error = str(facts.get("hip_error") or "")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if "present state" in hip_error:
        derived["what"] = "the operation cannot be performed in the present state (hipErrorIllegalState)"
        parts.append("The HIP runtime refused a kernel dispatch in the current platform state. On a working install this points at the platform: kernels that use a hostcall buffer (device printf/assert) need PCIe atomics, which eGPU enclosures, some chipset root ports and VM passthrough lack; it can also follow an earlier failed HIP call.")
        fix.append("Check dmesg | grep -i atomic for 'PCIE atomic ops is not supported' and move the GPU to a CPU-attached PCIe slot (not an eGPU/passthrough link); also rerun with AMD_SERIALIZE_KERNEL=3 AMD_LOG_LEVEL=1 to see the first failing call.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if reason:
        derived["what"] = f"rocBLAS has no Tensile kernels for {gfx or 'this GPU'}"
        parts.append(f"rocBLAS could not load TensileLibrary.dat ({reason})" + (f" for {gfx}" if gfx else "") +
                     ": the installed rocBLAS (bundled in torch/lib/rocblas or /opt/rocm) was not built for this GPU, so the first matrix multiply aborts.")
    elif gfx:
        derived["what"] = f"no code object for {gfx}"
        parts.append(f"The HIP runtime found no code object for {gfx} among the ones bundled in the binaries it loaded, and aborted.")
    if gfx:
        ver = hsa_version(gfx)
        if ver:
            derived["hsa_version"] = ver
            parts.append(f"{gfx} reports ISA version {ver}.")
        sib = _OVERRIDE.get(gfx)
        if sib:
            sv = hsa_version(sib)
            derived["override"] = sv
            parts.append(f"Its family sibling {sib} ({sv}) is in the usual build lists, so the override applies.")
            fix.append(f"export HSA_OVERRIDE_GFX_VERSION={sv} in the environment of the process itself (docker run -e HSA_OVERRIDE_GFX_VERSION={sv}, systemd Environment=, IDE run configuration), then rerun.")
        if gfx in _NATIVE_SINCE:
            fix.append(f"{gfx} is supported natively from {_NATIVE_SINCE[gfx]}: install a PyTorch ROCm wheel/container at least that new (pip install torch --index-url https://download.pytorch.org/whl/rocm<version>) and check that torch.cuda.get_arch_list() lists {gfx}.")
        elif gfx in _SHIPPED:
            fix.append(f"{gfx} is in standard PyTorch ROCm builds: the failing binary is an extension or library built for fewer targets; rebuild it with PYTORCH_ROCM_ARCH={gfx} (hipcc --offload-arch={gfx}), or reinstall torch from the rocm index instead of a custom build.")
        elif not sib:
            fix.append(f"{gfx} has neither a shipped build nor a same-family override target: build PyTorch/ROCm from source with PYTORCH_ROCM_ARCH={gfx}, or use another GPU/CPU.")
        if gfx.startswith(("gfx90c", "gfx902", "gfx909", "gfx1035", "gfx1036", "gfx1103", "gfx115")):
            fix.append("If this is an integrated GPU next to a supported discrete card, hide it instead: export HIP_VISIBLE_DEVICES=<index of the discrete card>.")
    named = _NAMED.get(hip_error.removeprefix("HIP error: "))
    if not parts and named:
        derived["what"], text, step = named
        return Explanation(text=text, fix=(step,), derived=derived)
    if not parts and hip_error.startswith("hipError") and hip_error != "hipErrorNoBinaryForGpu":
        derived["what"] = hip_error
        parts.append(f"A HIP runtime call returned {hip_error}. HIP reports errors asynchronously, so the call that printed it may not be the one that failed.")
        fix.append("Rerun with AMD_SERIALIZE_KERNEL=3 AMD_LOG_LEVEL=3 (HIP_LAUNCH_BLOCKING=1 on older ROCm) to stop at the failing call, and check dmesg for amdgpu faults.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if not parts and "invalid device function" in hip_error.lower():
        derived["what"] = "invalid device function (a kernel has no code object for this gfx)"
        parts.append("A kernel launch failed with hipErrorInvalidDeviceFunction: the library or extension that owns the kernel was not compiled for this GPU's gfx target (the message does not print it; read it with rocminfo).")
        fix.append("Compare rocminfo | grep -m1 -o 'gfx[0-9a-f]*' with python -c 'import torch; print(torch.cuda.get_arch_list())'; RDNA2 cards other than gfx1030 need HSA_OVERRIDE_GFX_VERSION=10.3.0, RDNA3 cards other than gfx1100 11.0.0, or a build that lists the gfx.")
    elif not parts and hip_error:
        derived["what"] = "no code object for this GPU (hipErrorNoBinaryForGpu)"
        parts.append("The HIP runtime found no code object for at least one visible GPU and aborted; rerun with AMD_LOG_LEVEL=1 to see which gfx is [Not Found].")
        fix.append("Read the gfx with rocminfo and compare it with torch.cuda.get_arch_list(); use HSA_OVERRIDE_GFX_VERSION for a same-family card, a newer ROCm build, or HIP_VISIBLE_DEVICES to hide an unsupported iGPU.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
