"""Computed diagnosis for webui.torch-gpu-check-failed: which torch wheel the log shows, on which platform,
and what to install instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INDEX = "https://download.pytorch.org/whl/cu121"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    build = str(facts.get("torch_build") or "")
    ver = facts.get("torch_version")
    windows = bool(facts.get("windows"))
    inner = facts.get("inner")
    py = "venv\\Scripts\\python.exe" if windows else "venv/bin/python"
    wheel = f"torch {ver}+{build}" if ver and build else None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"platform": "windows" if windows else "linux/unknown"}

    if build == "cpu":
        derived["what"] = f"The web UI venv has the CPU-only wheel ({wheel}); install the CUDA build of torch"
        parts.append(f"The log shows {wheel}: a CPU-only wheel, which can never see a GPU. It was installed into the web UI venv (by a plain pip install, an extension's requirements or TORCH_COMMAND).")
        fix.append(f"Reinstall the CUDA wheel in the venv: {py} -m pip install --force-reinstall torch torchvision --index-url {_INDEX} (or delete the venv folder and relaunch).")
        fix.append("Check nvidia-smi lists the GPU; its CUDA Version must be >= the wheel's (12.1 for cu121).")
    elif build.startswith("rocm") and windows:
        derived["what"] = f"A ROCm wheel ({wheel}) on Windows cannot use the GPU; use the DirectML/ZLUDA fork"
        parts.append(f"The log shows {wheel} on Windows: ROCm wheels only work on Linux, so torch sees no GPU.")
        fix.append("Use lshqqytiger/stable-diffusion-webui-amdgpu (or its Forge variant) with --use-directml, or --use-zluda on supported Radeon cards with the HIP SDK.")
    elif build.startswith("rocm"):
        derived["what"] = f"The ROCm wheel ({wheel}) cannot open the AMD GPU"
        parts.append(f"The log shows {wheel}: the ROCm runtime did not find a usable GPU (permissions on /dev/kfd and /dev/dri, a gfx target this ROCm does not support, or a container without the devices).")
        fix.append("Add the user to render and video (sudo usermod -aG render,video $USER, then log in again); in Docker pass --device=/dev/kfd --device=/dev/dri --group-add video.")
        fix.append("For consumer GPUs ROCm does not list, export HSA_OVERRIDE_GFX_VERSION (e.g. 10.3.0 for RDNA2, 11.0.0 for RDNA3) in webui-user.sh; check rocminfo lists the gfx target.")
    elif build.startswith("cu"):
        derived["what"] = f"The CUDA wheel ({wheel}) is installed but sees no GPU: check the NVIDIA driver"
        parts.append(f"The log shows {wheel}, a CUDA build, so the wheel is right; the GPU is not reachable: no or too old NVIDIA driver for CUDA {build[2:-1]}.{build[-1]}, a non-NVIDIA GPU, or a container/WSL without GPU access.")
        fix.append("Run nvidia-smi: it must list the GPU and show a CUDA Version >= the wheel's; update the driver if not (or install a wheel for an older CUDA with TORCH_COMMAND).")
        fix.append("In Docker use --gpus all with the NVIDIA Container Toolkit; check CUDA_VISIBLE_DEVICES is not empty or wrong.")
    elif build == "xpu":
        derived["what"] = f"The XPU wheel ({wheel}) is installed: run with --use-ipex"
        parts.append("An Intel XPU wheel is installed; the CUDA check cannot pass on it.")
        fix.append("Add --use-ipex to COMMANDLINE_ARGS (the IPEX path skips the CUDA test).")
    else:
        derived["what"] = "torch in the web UI venv cannot use the GPU (torch.cuda.is_available() is False)"
        parts.append("The launcher's torch.cuda.is_available() check failed; the log does not show which torch wheel is installed.")
        fix.append(f"Print it: {py} -c \"import torch; print(torch.__version__, torch.cuda.is_available())\" - +cpu means reinstall with --index-url {_INDEX}; a cuXXX build means check nvidia-smi and the driver.")
        if windows:
            fix.append("AMD or Intel GPU on Windows: use the DirectML/ZLUDA fork (stable-diffusion-webui-amdgpu) or --use-ipex for Intel Arc.")
    if inner:
        parts.append(f"The child process reported: {inner}.")
        derived["inner"] = inner
    fix.append("Do not rely on --skip-torch-cuda-test: it only skips the check and runs generation on the CPU.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
