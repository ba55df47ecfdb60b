"""Computed diagnosis for torch.cuda-symbol-or-image-invalid: which CUDA loader failure this is (image,
kernel symbol, constant symbol, driver init) and what the log says about driver vs wheel CUDA."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(text: str | None) -> tuple[int, int] | None:
    """'cu118' -> (11, 8); '11.6' -> (11, 6)."""
    if not text:
        return None
    t = str(text).removeprefix("cu")
    if "." in t:
        major, minor = t.split(".", 1)
        return (int(major), int(minor.split(".")[0])) if major.isdigit() and minor.split(".")[0].isdigit() else None
    if t.isdigit() and len(t) >= 2:
        return int(t[:-1]), int(t[-1])
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    wsl = bool(facts.get("wsl"))

    if sig == "named-symbol-not-found" and facts.get("init_call"):
        call = facts["init_call"]
        derived["kind"] = "driver-init"
        derived["what"] = f"The CUDA driver stack failed at {call} (named symbol not found): libcuda does not match the driver"
        parts.append(f"{call} itself failed with 'named symbol not found': the libcuda the process loaded cannot find its own entry points in the kernel driver. This is a driver installation problem, not the application's binary.")
        fix.append("WSL2: update the Windows NVIDIA driver and run wsl --update; remove any Linux NVIDIA driver/cuda-drivers package installed inside WSL so /usr/lib/wsl/lib/libcuda.so is used.")
        fix.append("Docker: run with --gpus all and the NVIDIA Container Toolkit (the host libcuda is mounted); do not ship libcuda.so in the image; check with nvcr.io/nvidia/k8s/cuda-sample:nbody.")
    elif sig == "named-symbol-not-found":
        src = facts.get("source_file") or ""
        cc = facts.get("compute_capability")
        if facts.get("zluda"):
            derived["kind"] = "zluda-missing-kernel"
            derived["what"] = "ZLUDA could not find a CUDA kernel in the translated module (named symbol not found)"
            parts.append("The log shows ZLUDA: a kernel the application launches is not available in ZLUDA's translated module.")
            fix.append("Update ZLUDA and the application build it supports, or use a ROCm/DirectML path for this op; kernels from newer torch builds may not be translated yet.")
        elif "bitsandbytes" in src or src.endswith("ops.cu"):
            derived["kind"] = "bitsandbytes-arch"
            derived["what"] = "bitsandbytes' CUDA library has no kernel for this GPU (named symbol not found in ops.cu)" + (f"; compute capability {cc}" if cc else "")
            parts.append(f"bitsandbytes' native library ({src}) launched a kernel that is not in the binary loaded for this GPU" + (f" (compute capability {cc})" if cc else "") + ": the library was built for other architectures or another CUDA variant.")
            fix.append("pip install -U bitsandbytes (current wheels carry kernels for every supported GPU); remove a source build or a BNB_CUDA_VERSION override that selects another binary.")
            fix.append("With mixed GPU generations, expose one architecture (CUDA_VISIBLE_DEVICES=<ids of one GPU type>); GPUs below compute capability 7.5 only get the slow 8-bit path in old releases.")
        else:
            kernel = facts.get("kernel")
            derived["kind"] = "kernel-not-in-binary"
            derived["what"] = "A CUDA kernel is missing from the loaded module (named symbol not found)" + (f": {kernel}" if kernel else "")
            parts.append("A kernel looked up by name is not in the module the driver loaded: the binary was built for other GPU architectures (or a newer CUDA than the driver), so this GPU got no code for it.")
            fix.append("Rebuild or reinstall the component for this GPU's compute capability (TORCH_CUDA_ARCH_LIST / CUDA_COMPUTE_CAP / -gencode arch=compute_XY,code=sm_XY) and a CUDA version the driver supports.")
            fix.append("Update the NVIDIA driver so its CUDA Version is >= the toolkit the binary was built with.")
        if wsl:
            fix.append("This runs under WSL2: keep the Windows driver current and do not install a Linux driver inside WSL.")
    elif sig == "kernel-image-invalid":
        reporter = facts.get("reporter") or ""
        tc, dc = _ver(facts.get("torch_cuda")), _ver(facts.get("driver_cuda"))
        derived["kind"] = "image-invalid"
        if tc and dc and dc < tc:
            derived["what"] = f"Kernel image invalid: the driver supports CUDA {dc[0]}.{dc[1]} but torch is built for CUDA {tc[0]}.{tc[1]}"
            parts.append(f"The log shows a torch wheel for CUDA {tc[0]}.{tc[1]} ({facts.get('torch_cuda')}) and a driver reporting CUDA Version {facts.get('driver_cuda')}: kernels that ship as SASS run, but any kernel that needs PTX JIT cannot be compiled by this older driver, so its image is invalid.")
            fix.append(f"Update the NVIDIA driver to one reporting CUDA Version >= {tc[0]}.{tc[1]}, or install a torch wheel built for CUDA {dc[0]}.{dc[1]} or older (e.g. --index-url https://download.pytorch.org/whl/cu{dc[0]}{dc[1]}).")
        elif "Triton" in reporter:
            derived["what"] = "A Triton (torch.compile) kernel image is invalid: PTX newer than the driver or a stale Triton cache"
            parts.append("The kernel came from Triton (torch.compile / inductor): its bundled ptxas produced code the installed driver cannot load, or the Triton cache holds kernels built for another driver/GPU.")
            fix.append("Update the NVIDIA driver to the CUDA version Triton targets, or pin a torch/triton pair built for your driver's CUDA.")
            fix.append("Clear the caches: rm -rf ~/.triton/cache /tmp/torchinductor_$USER; as a stopgap run without torch.compile.")
        elif reporter == "HIP error":
            derived["what"] = "HIP kernel image invalid: the ROCm build has no code for this AMD GPU target"
            parts.append("ROCm reported that the kernel image cannot be loaded: the build lacks this GPU's gfx target.")
            fix.append("Install a ROCm build that includes the GPU's gfx target, or set HSA_OVERRIDE_GFX_VERSION to a supported compatible target.")
        else:
            derived["what"] = "CUDA kernel image invalid: the binary's code cannot be loaded by this driver/GPU"
            parts.append("The driver found an image for the kernel but could not load it: usually PTX from a newer CUDA than the driver supports, or a binary built for other architectures (new GPUs such as RTX 50xx on older builds).")
            fix.append("Compare nvidia-smi's CUDA Version with torch.version.cuda; update the driver if it is older.")
            fix.append("Check torch.cuda.get_arch_list() contains this GPU's sm_XX (torch.cuda.get_device_capability()); install a build that does (cu128 wheels for sm_120).")
        fix.append("Clear JIT caches after driver/GPU changes: rm -rf ~/.nv/ComputeCache.")
    elif sig == "invalid-device-symbol":
        derived["kind"] = "constant-symbol"
        derived["what"] = "cudaMemcpyToSymbol/cudaGetSymbolAddress failed (invalid device symbol): the module was not built for this GPU"
        parts.append("A __constant__/__device__ variable could not be found on the device: the code was compiled for other GPU architectures, so its module never loaded on this GPU.")
        fix.append("Rebuild with this GPU's architecture: nvcc -gencode arch=compute_XY,code=sm_XY (XY = compute capability from nvidia-smi --query-gpu=compute_cap --format=csv), or set CMAKE_CUDA_ARCHITECTURES / the project's arch flags.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
