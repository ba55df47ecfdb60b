"""Computed diagnosis for transformers.quantized-save-not-serializable: which backend refused and what saves instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "").lower()
    bits = str(facts.get("bits") or "")
    fix: list[str] = []
    if "hqq" in method:
        label = "HQQ"
        text = "The HQQ quantizer in this transformers release cannot write its layers; saving stops before any file is written."
        fix.append("Upgrade transformers and hqq to releases with HQQ serialization, or keep the 16-bit model and quantize with HQQ at load time.")
    elif "torchao" in method:
        label = "torchao"
        text = "torchao tensor subclasses cannot be stored in safetensors; the quantizer refuses safe serialization."
        fix.append("Call save_pretrained(out, safe_serialization=False) (a pickle checkpoint), or save the unquantized model.")
    elif "quanto" in method:
        label = "quanto"
        text = "The quanto quantizer does not serialize through transformers' save_pretrained."
        fix.append("Save with optimum-quanto's own quantization_map/safe_save helpers, or save the unquantized model and quantize at load.")
    else:
        label = f"{bits}-bit bitsandbytes" if bits else "bitsandbytes"
        need, pip = (("bitsandbytes > 0.37.2", "pip install -U 'bitsandbytes>0.37.2'") if bits == "8" else
                     ("bitsandbytes >= 0.41.3 and transformers >= 4.36", "pip install -U 'bitsandbytes>=0.41.3' 'transformers>=4.36'"))
        text = (f"The model is a {label} model and this stack cannot write it: saving it needs {need}. "
                "In a QLoRA run this is the frozen base, which is rarely what should be saved.")
        fix.append(pip)
        fix.append("Or save only the LoRA adapter, or reload the base in bf16, merge the adapter (merge_and_unload) and save that.")
    return Explanation(text=text, fix=tuple(fix), derived={"backend": label})
