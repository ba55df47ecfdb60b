"""Computed diagnosis for comfyui.lora-key-not-loaded: which architecture the skipped LoRA keys belong to vs the loaded model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (key substring, architecture the LoRA was made for)
_ARCH = (
    ("double_blocks", "Flux"), ("single_blocks", "Flux"), ("single_transformer_blocks", "Flux"),
    ("joint_blocks", "SD3/SD3.5"), ("input_blocks", "SD1.5/SDXL (ldm naming)"), ("output_blocks", "SD1.5/SDXL (ldm naming)"),
    ("down_blocks", "SD1.5/SDXL (diffusers naming)"), ("up_blocks", "SD1.5/SDXL (diffusers naming)"), ("mid_block", "SD1.5/SDXL (diffusers naming)"),
    ("lora_te1_", "SDXL text encoder"), ("lora_te2_", "SDXL text encoder"), ("lora_te_", "SD1.5 text encoder"),
    ("lora_unet_blocks_", "Wan/HunyuanVideo (block naming)"), ("diffusion_model.blocks.", "Wan/HunyuanVideo"),
    ("lora_unet_layers_", "Lumina 2 / Z-Image style"), ("transformer_blocks", "DiT (PixArt/SD3/Flux diffusers naming)"),
)
_LOADED = {"FLUX": "Flux", "EPS": "SD1.5/SDXL (eps)", "V_PREDICTION": "SD2.x/v-pred SDXL", "FLOW": "flow model (SD3/Wan/Hunyuan/Lumina)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    keys = facts.get("lora_key")
    if isinstance(keys, str):
        keys = [keys]
    keys = [str(k) for k in (keys or []) if k]
    if not keys:
        return None
    first = keys[0]
    arch = ""
    for key in keys:
        for sub, name in _ARCH:
            if sub in key:
                arch = name
                break
        if arch:
            break
    special = ""
    if ".dora_scale" in first:
        special = "DoRA tensors (older ComfyUI cannot apply DoRA)"
    elif "lokr" in first or "lycoris" in first or "hada" in first:
        special = "LyCORIS (LoKr/LoHa) tensors"
    elif ".on_input" in first:
        special = "an unusual adapter layout (.on_input) ComfyUI does not map"
    model_type = str(facts.get("model_type") or "").upper()
    loaded = _LOADED.get(model_type, model_type)
    derived: dict[str, Any] = {"first_key": first, "skipped_keys_seen": len(keys)}
    if arch:
        derived["lora_made_for"] = arch
    if loaded:
        derived["loaded_model"] = loaded
    if special:
        hint = f"the LoRA uses {special}; update ComfyUI or convert the LoRA"
    elif arch and loaded and not (arch.split("/")[0] in loaded or loaded.split(" ")[0] in arch):
        hint = f"LoRA made for {arch}, loaded model is {loaded}: use a LoRA for the loaded base model"
    elif arch.endswith("text encoder"):
        hint = "only text-encoder keys were skipped; often harmless (model-only loader or different text encoder)"
    elif arch:
        hint = f"LoRA keys look like {arch}; check that the checkpoint is the same base model, or update ComfyUI for this LoRA format"
    else:
        hint = "key naming unknown to this ComfyUI build; update ComfyUI / the LoRA loader pack or convert the LoRA"
    derived["hint"] = hint
    text = (f"ComfyUI skipped LoRA tensors it could not map onto the loaded model (first: {first}). "
            + (f"The names are {arch} layout" if arch else "The naming is not one this build converts")
            + (f", while the loaded model is {loaded}." if loaded else ".")
            + " The workflow still runs, but the skipped parts of the LoRA have no effect.")
    fix = ("Use a LoRA trained for the loaded base model (see the LoRA's Base model), or load the checkpoint it was made for.",
           "For LoRAs from new trainers/formats: update ComfyUI (git pull / update_comfyui.bat) and the LoRA node pack.")
    return Explanation(text=text, fix=fix, derived=derived)
