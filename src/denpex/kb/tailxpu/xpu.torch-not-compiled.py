"""Computed diagnosis for xpu.torch-not-compiled: read which torch build is installed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INDEX = "pip install --force-reinstall torch torchvision torchaudio --index-url https://download.pytorch.org/whl/xpu"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ver = str(facts.get("torch_version") or "").strip()
    if facts.get("_signature") == "not-linked-with-xpu":
        shown = f"torch {ver}" if ver else "This torch"
        return Explanation(
            text=(f"{shown} has no XPU backend registered in this process. Before torch 2.4 the Intel GPU backend is "
                  "added by Intel Extension for PyTorch at import time, so .to('xpu') fails when "
                  "intel_extension_for_pytorch was not imported first (or is not installed for this torch)."),
            fix=("import torch; import intel_extension_for_pytorch as ipex  # before any .to('xpu')",
                 "torch 2.5+: " + _INDEX),
            derived={"diagnosis": "XPU backend not registered (IPEX not imported or torch without XPU)"})
    if not ver:
        return None
    local = ver.split("+", 1)[1].lower() if "+" in ver else ""
    if local.startswith("cpu"):
        build, text = "CPU", f"torch {ver} is the CPU-only wheel: it has no Intel GPU support."
    elif local.startswith("cu"):
        build, text = "CUDA", f"torch {ver} is an NVIDIA CUDA wheel; it cannot drive an Intel GPU."
    elif local.startswith("rocm"):
        build, text = "ROCm", f"torch {ver} is an AMD ROCm wheel; it cannot drive an Intel GPU."
    elif local.startswith("xpu"):
        build, text = "XPU", (f"torch {ver} is an XPU wheel, yet the running interpreter reports no XPU build: another "
                              "torch shadows it (a second environment or a user site-packages copy).")
        return Explanation(text=text, fix=("python -c \"import torch, sys; print(torch.__file__, sys.executable)\"  # find the torch actually imported",),
                           derived={"build": build, "diagnosis": "XPU wheel shadowed by another torch"})
    elif not local:
        build, text = "PyPI default", (f"torch {ver} has no local build tag: the PyPI default wheel (CUDA on Linux, CPU on "
                                       "Windows/macOS), built without XPU.")
    else:
        build, text = local, f"torch {ver} (build tag +{local}) was not built with XPU support."
    return Explanation(text=text, fix=(_INDEX,), derived={"build": build, "diagnosis": f"{build} torch build installed"})
