"""Computed diagnosis for hf.unknown-quantization-type: which library, and what the method needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# quant_method -> advice (versions only where the release is well known)
_KNOWN: dict[str, str] = {
    "fp8": "fine-grained FP8 (DeepSeek-V3/R1, Qwen3-FP8): transformers >= 4.49 loads it (pip install -U transformers); "
           "vLLM/SGLang serve it natively",
    "compressed-tensors": "llm-compressor / compressed-tensors checkpoints: transformers >= 4.45 plus pip install compressed-tensors",
    "mxfp4": "MXFP4 (gpt-oss): transformers >= 4.55",
    "awq": "AWQ: transformers >= 4.35 plus autoawq",
    "gptq": "GPTQ: transformers >= 4.32 plus optimum and auto-gptq / gptqmodel",
    "exl2": "ExLlamaV2 format: not loadable by transformers; use exllamav2, TabbyAPI or text-generation-webui's ExLlamav2 loader",
    "exl3": "ExLlamaV3 format: not loadable by transformers; use exllamav3 / TabbyAPI",
    "modelopt": "NVIDIA ModelOpt export: serve with TensorRT-LLM, vLLM or SGLang (diffusers supports modelopt for pipelines)",
    "sdnq": "SD.Next SDNQ format: load it in SD.Next or import the sdnq package that registers the quantizer",
}
_NOT_QUANT = {"bf16", "bfloat16", "fp16", "float16", "fp32", "float32", "none", "null"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("quant_method") or "")
    if not method:
        return None
    supported = str(facts.get("supported") or "")
    lib = "transformers"
    if supported and "gguf" in supported and "gptq" not in supported:
        lib = "diffusers"
    skipped = facts.get("_signature") == "unknown-quant-type-skip-warning"
    lead = (f"{lib} has no quantizer for quant_method '{method}'"
            + (" and skipped quantization: the packed weights were ignored and the layers are randomly initialised."
               if skipped else "."))
    low = method.lower()
    if low in _NOT_QUANT:
        text = lead + f" '{method}' is not a quantization method: config.json keeps a stale quantization_config."
        fix = ("Delete the quantization_config block from config.json (the weights are already dense) and load again.",)
        kind = "stale-config"
    elif low in _KNOWN:
        text = lead + " " + _KNOWN[low][0].upper() + _KNOWN[low][1:] + "."
        fix = (f"pip install -U {lib} and check that '{method}' appears in the supported list, or use the runtime named above.",)
        kind = "known"
    else:
        text = lead + " Either this release predates the method or it is a third-party format."
        fix = (f"pip install -U {lib}; if '{method}' is still not listed, import the package that registers it before "
               "from_pretrained, or load the model with the runtime it was made for.",)
        kind = "unknown"
    if skipped:
        fix = fix + ("Do not use the loaded model; treat this warning as a failed load.",)
    return Explanation(text=text, fix=fix, derived={"library": lib, "method_kind": kind})
