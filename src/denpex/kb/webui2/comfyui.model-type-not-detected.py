"""Computed diagnosis for comfyui.model-type-not-detected: what the file name and folder say the file is, and where it goes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the lower-cased file name, what it is, where it goes / what to use)
_KINDS = (
    ("lora", "a LoRA", "models/loras and a LoraLoader / LoraLoaderModelOnly node"),
    ("lycoris", "a LyCORIS/LoRA", "models/loras and a LoraLoader node"),
    ("supir", "a SUPIR model (custom pipeline)", "the ComfyUI-SUPIR pack's SUPIR Model Loader, not Load Checkpoint"),
    ("iclight", "an IC-Light model", "the ComfyUI-IC-Light pack's loader"),
    ("ic-light", "an IC-Light model", "the ComfyUI-IC-Light pack's loader"),
    ("controlnet", "a ControlNet", "models/controlnet and ControlNetLoader"),
    ("control_", "a ControlNet", "models/controlnet and ControlNetLoader"),
    ("ipadapter", "an IP-Adapter", "models/ipadapter and the IPAdapter loader"),
    ("ip-adapter", "an IP-Adapter", "models/ipadapter and the IPAdapter loader"),
    ("vae", "a VAE", "models/vae and VAELoader"),
    ("t5xxl", "a T5 text encoder", "models/text_encoders and DualCLIPLoader/CLIPLoader"),
    ("umt5", "a UMT5 text encoder", "models/text_encoders and CLIPLoader"),
    ("clip_", "a CLIP text encoder", "models/text_encoders and CLIPLoader"),
    ("esrgan", "an upscaler", "models/upscale_models and UpscaleModelLoader"),
    ("upscale", "an upscaler", "models/upscale_models and UpscaleModelLoader"),
    ("flux", "a Flux diffusion model (often transformer-only)", "models/diffusion_models and Load Diffusion Model, with DualCLIPLoader (clip_l + t5xxl) and Load VAE (ae.safetensors)"),
    ("wan2", "a Wan video diffusion model", "models/diffusion_models and Load Diffusion Model, with CLIPLoader (umt5) and the Wan VAE"),
    ("wan_", "a Wan video diffusion model", "models/diffusion_models and Load Diffusion Model"),
    ("hunyuan", "a HunyuanVideo/HunyuanDiT diffusion model", "models/diffusion_models and Load Diffusion Model (update ComfyUI for new versions)"),
    ("ltx", "an LTX-Video model", "the LTXV example workflow loader for your ComfyUI version (update ComfyUI)"),
    ("sd3", "an SD3/SD3.5 model", "an all-in-one SD3.5 checkpoint for Load Checkpoint, or diffusion_models + TripleCLIPLoader for transformer-only files"),
    ("lumina", "a Lumina model", "a current ComfyUI and the official Lumina 2 example workflow"),
    ("stable_audio", "a Stable Audio model", "a current ComfyUI and the Stable Audio example workflow"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip().strip("'\"").rstrip(".")
    if not path:
        return None
    filename = re.split(r"[\\/]", path)[-1]
    low = filename.lower()
    folder = ""
    m = re.search(r"models[\\/]([^\\/]+)[\\/]", path)
    if m:
        folder = m.group(1)
    derived: dict[str, Any] = {"filename": filename}
    if folder:
        derived["models_folder"] = folder
    what, where = None, None
    if facts.get("lora_hint"):
        what, where = "a LoRA", "models/loras and a LoraLoader node"
    else:
        for key, kind, dest in _KINDS:
            if key in low:
                what, where = kind, dest
                break
    ext = low.rsplit(".", 1)[-1] if "." in low else ""
    fix: list[str] = []
    if ext == "gguf":
        what = what or "a GGUF-quantised diffusion model"
        where = "models/unet (or diffusion_models) and the ComfyUI-GGUF 'Unet Loader (GGUF)' node"
    if what:
        derived["hint"] = f"looks like {what}; use {where}"
        text = (f"'{filename}'" + (f" (in models/{folder})" if folder else "") + f" looks like {what}, which the "
                f"loader that raised cannot build. It belongs in {where}.")
        fix.append(f"Move {filename} to the right folder and load it with the matching node: {where}.")
    else:
        derived["hint"] = "unknown architecture for this ComfyUI build or an incomplete file"
        text = (f"'{filename}' matched no architecture ComfyUI knows. Either it is not a full checkpoint (LoRA, VAE, text "
                "encoder, unet-only extract), the model family is newer than this ComfyUI, or the download is incomplete.")
        fix.append("List its keys (see Verify) to see what it is, then use the loader for that type.")
    if folder == "checkpoints" and what and "diffusion model" in what:
        fix.append("Unet/transformer-only files do not contain CLIP/VAE, so Load Checkpoint cannot use them even after detection.")
    fix.append("Update ComfyUI (update_comfyui.bat / git pull && pip install -r requirements.txt) if the model family was released recently.")
    fix.append("Compare the file size with the download page and re-download if it differs.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
