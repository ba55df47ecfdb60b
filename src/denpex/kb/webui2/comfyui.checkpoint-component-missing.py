"""Computed diagnosis for comfyui.checkpoint-component-missing: which part is missing and which loader/file supplies it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# model_type printed by ComfyUI -> (text encoder loader + files, VAE file)
_FAMILY = {
    "FLUX": ("DualCLIPLoader (type flux) with clip_l.safetensors + t5xxl_fp8_e4m3fn.safetensors", "ae.safetensors"),
    "FLOW": ("the text encoder(s) of the model family (SD3.5: TripleCLIPLoader clip_l + clip_g + t5xxl; Wan: CLIPLoader umt5_xxl; HunyuanVideo: DualCLIPLoader clip_l + llava_llama3)", "the family's VAE (SD3.5: built-in sd3 VAE file; Wan: wan_2.1_vae.safetensors; HunyuanVideo: hunyuan_video_vae_bf16.safetensors)"),
    "EPS": ("CLIPLoader with the SD1.5/SDXL text encoder, or an all-in-one checkpoint", "vae-ft-mse-840000-ema-pruned.safetensors (SD1.5) or sdxl_vae.safetensors (SDXL)"),
    "V_PREDICTION": ("CLIPLoader with the matching text encoder", "the checkpoint family's VAE (sdxl_vae.safetensors for SDXL-based v-pred models)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-vae-weights-warning":
        return None
    component = "VAE" if sig == "vae-invalid" else "CLIP/text encoder"
    model_type = str(facts.get("model_type") or "").upper()
    enc, vae = _FAMILY.get(model_type, ("CLIPLoader/DualCLIPLoader with the model family's text encoder(s) in models/text_encoders",
                                        "VAELoader with the model family's VAE in models/vae"))
    derived: dict[str, Any] = {"component": component}
    if component == "VAE":
        hint = f"load a VAE with VAELoader ({vae})"
        text = ("VAE Decode/Encode received None: the Load Checkpoint file has no VAE weights (ComfyUI logs 'No VAE weights "
                "detected' when it loads such a file). Sampling can succeed; only decoding needs the VAE.")
        fix = (f"Add VAELoader -> {vae} (file in models/vae) and connect it to every VAE Decode/Encode node instead of the checkpoint's VAE output.",)
    else:
        hint = f"load the text encoder separately ({enc})"
        text = ("The text-encode node received None for clip: the Load Checkpoint file has no text encoder, which is normal "
                "for diffusion-model-only releases (Flux, SD3.5 transformer, Wan, HunyuanVideo, LTXV) and pruned repacks.")
        fix = (f"Add {enc} and connect its CLIP output to the text-encode nodes.",
               "Better: move the file to models/diffusion_models and use Load Diffusion Model + separate text encoder and VAE loaders "
               "(as in the official example workflow for the family), or download the all-in-one checkpoint.")
    if model_type:
        derived["model_type"] = model_type
        text += f" The checkpoint was detected as model_type {model_type}."
    derived["hint"] = hint
    return Explanation(text=text, fix=fix, derived=derived)
