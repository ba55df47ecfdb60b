"""Computed diagnosis for env.package-metadata-not-found: the missing distribution and the install command for the interpreter that runs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHY = {
    "bitsandbytes": "bitsandbytes is only needed for 4/8-bit loading (load_in_4bit/8bit, BitsAndBytesConfig, bnb loaders); transformers/diffusers check its version as soon as that path is used",
    "auto_gptq": "auto-gptq is needed for GPTQ checkpoints (pip name auto-gptq; its successor is gptqmodel)",
    "optimum": "optimum is needed for GPTQ/ONNX export paths",
    "flash_attn": "flash-attn is needed for attn_implementation='flash_attention_2' (pip name flash-attn)",
    "flash-attn": "flash-attn is needed for attn_implementation='flash_attention_2'",
    "torchao": "torchao is needed for TorchAoConfig quantization",
}
_PIP = {"auto_gptq": "auto-gptq", "flash_attn": "flash-attn"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "")
    if not pkg:
        return None
    emb = str(facts.get("embedded") or "")
    pipname = _PIP.get(pkg, pkg)
    text = [f"The running Python has no installed distribution named '{pkg}'."]
    if pkg in _WHY:
        text.append(_WHY[pkg] + ".")
    fix = []
    derived: dict[str, Any] = {"pip_name": pipname}
    if emb:
        derived["interpreter"] = "ComfyUI portable python_embeded"
        text.append("The traceback runs in a portable/embedded Python; a pip from another Python does not install into it.")
        fix.append(f"From the ComfyUI_windows_portable folder: .\\python_embeded\\python.exe -m pip install {pipname}")
    else:
        fix.append(f"python -m pip install {pipname}   (with the same interpreter that runs the job; check python -c 'import sys; print(sys.executable)')")
    if pkg == "bitsandbytes":
        fix.append("If bitsandbytes cannot run on this platform (macOS, NPU, unsupported GPU), load the model without 4/8-bit quantization or choose a non-bnb quantized loader.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
