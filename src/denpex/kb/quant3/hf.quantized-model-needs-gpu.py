"""Computed diagnosis for hf.quantized-model-needs-gpu: GPU missing vs CPU-only torch, per method."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_METHOD = {
    "gptq-gpu-required": ("GPTQ", "pip install -U transformers optimum gptqmodel (GPTQModel ships CPU/XPU kernels, so the check passes)"),
    "awq-gpu-required": ("AWQ", "on an Intel CPU: AwqConfig(version='ipex') with intel-extension-for-pytorch installed"),
    "no-gpu-for-quantization": ("bitsandbytes/EETQ", "drop load_in_4bit/load_in_8bit on CPU, or use a recent multi-backend bitsandbytes release with CPU support"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig not in _METHOD:
        return None
    method, cpu_path = _METHOD[sig]
    torch_v = str(facts.get("torch") or "")
    cpu_wheel = torch_v.endswith("+cpu")
    if cpu_wheel:
        text = (f"torch {torch_v} is a CPU-only build, so torch.cuda.is_available() is False and the {method} "
                "quantizer refuses even if the machine has an NVIDIA GPU.")
        fix = ("Reinstall torch from the CUDA index matching the driver (e.g. pip install torch --index-url "
               "https://download.pytorch.org/whl/cu121) and check torch.cuda.is_available().",
               f"If there really is no GPU: {cpu_path}, or use a GGUF build with llama.cpp.")
    else:
        text = (f"The {method} quantizer needs CUDA and torch sees no GPU"
                + (f" (torch {torch_v})." if torch_v else ".")
                + " Either there is no NVIDIA GPU here or torch cannot reach it.")
        fix = ("Check: python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\" and nvidia-smi.",
               f"CPU-only machine: {cpu_path}, or use a GGUF / unquantized model.")
    return Explanation(text=text, fix=fix, derived={"method": method, "cpu_only_torch": cpu_wheel})
