"""Computed diagnosis for diffusers.from-pretrained-single-file: pick the loader for the file type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _pipeline_guess(name: str) -> str:
    n = name.lower()
    if "flux" in n:
        return "FluxPipeline"
    if "sd3" in n or "sd_3" in n or "stable-diffusion-3" in n:
        return "StableDiffusion3Pipeline"
    if "xl" in n or "pony" in n or "illustrious" in n or "juggernaut" in n:
        return "StableDiffusionXLPipeline"
    return "StableDiffusionPipeline (or StableDiffusionXLPipeline for SDXL checkpoints)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    ext = str(facts.get("ext") or "").lower()
    if not path or not ext:
        return None
    name = re.split(r"[\\/]", path)[-1]
    if ext in ("safetensors", "ckpt", "sft"):
        pipe = _pipeline_guess(name)
        diagnosis = f"single-file checkpoint {name} passed to from_pretrained"
        text = (f"'{name}' is a single-file checkpoint (A1111/ComfyUI layout), not a diffusers folder or Hub repo id, "
                "so huggingface_hub rejected the path as a repo id.")
        first = pipe.split(" ")[0]
        fix = (f"pipe = {first}.from_single_file(r'{path}', torch_dtype=torch.float16)",
               "If this file is a LoRA, use pipe.load_lora_weights(folder, weight_name=file) instead.")
    elif ext == "gguf":
        diagnosis = f"GGUF file {name} passed to from_pretrained"
        text = f"'{name}' is a GGUF-quantized transformer; from_pretrained cannot read it."
        fix = (f"transformer = FluxTransformer2DModel.from_single_file(r'{path}', quantization_config=GGUFQuantizationConfig(compute_dtype=torch.bfloat16), torch_dtype=torch.bfloat16)",
               "pipe = FluxPipeline.from_pretrained('<base repo id>', transformer=transformer, torch_dtype=torch.bfloat16)")
    else:
        diagnosis = f"state-dict file {name} passed to from_pretrained"
        text = (f"'{name}' is a raw weights file; from_pretrained needs the folder that holds it with its config "
                "(or the Hub repo id).")
        fix = ("Pass the folder containing config.json / model_index.json instead of the file.",
               "For LoRA weights (pytorch_lora_weights.*) use pipe.load_lora_weights(folder).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
