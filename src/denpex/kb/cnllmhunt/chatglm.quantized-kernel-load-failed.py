"""Computed diagnosis for chatglm.quantized-kernel-load-failed: which kernel path failed and why."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = str(facts.get("reason") or "")
    device = str(facts.get("device") or "")
    if sig == "cpm-kernels-import-warning" and reason:
        if "WinError 267" in reason:
            m = re.search(r"'([^']+)'", reason)
            bad = m.group(1).replace("\\\\", "\\") if m else "a PATH entry"
            return Explanation(
                text=(f"cpm_kernels treats every PATH entry as a folder; {bad} is a file, so the import fails with WinError 267 "
                      "and the GPU int4/int8 kernels are disabled."),
                fix=(f"Remove {bad} from the PATH environment variable (keep its folder instead), restart the shell, retry.",),
                derived={"diagnosis": "file in PATH breaks cpm_kernels"})
        if "No module named" in reason:
            return Explanation(
                text="cpm_kernels is not installed: the GPU int4/int8 kernels of ChatGLM's quantization.py are unavailable.",
                fix=("pip install cpm_kernels",),
                derived={"diagnosis": "cpm_kernels not installed"})
        return Explanation(text=f"cpm_kernels failed to import ({reason}); the GPU quantization kernels are unavailable.",
                           fix=("pip install -U cpm_kernels and check the CUDA libraries are on the library path.",),
                           derived={"diagnosis": "cpm_kernels import failed"})
    if device == "cpu":
        return Explanation(
            text="The int4 model runs on CPU but the CPU kernel (quantization_kernels*.so built with gcc -fopenmp) could not be compiled or loaded.",
            fix=("Install gcc with OpenMP (TDM-GCC on Windows, brew install gcc libomp on macOS) and reload with .float().",
                 "Or run the model on a CUDA GPU with .half().cuda() and pip install cpm_kernels."),
            derived={"diagnosis": "CPU kernel unavailable"})
    if device in ("cuda", "cpu or cuda"):
        return Explanation(
            text="Neither cpm_kernels (GPU) nor the gcc-compiled CPU kernel is usable, so the quantized layers have no implementation.",
            fix=("On an NVIDIA GPU: pip install cpm_kernels and load with .half().cuda().",
                 "On CPU: install gcc with OpenMP, or use the fp16 model / a CPU runtime (chatglm.cpp, GGUF)."),
            derived={"diagnosis": "no quantization kernel"})
    return None
