"""Computed diagnosis for controlnet.model-file-unrecognized: what the missing key says about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KEYS = {
    "body.0.block2.weight": (
        "no known ControlNet layout matched, T2I-Adapter fallback",
        "The loader recognised none of the ControlNet layouts it knows and fell back to reading the file as a "
        "T2I-Adapter, which it is not either. Typical: a diffusers-format ControlNet (diffusion_pytorch_model.safetensors, "
        "e.g. an SDXL canny from a diffusers repo) on a ComfyUI that does not read that layout, or a LoRA / IP-Adapter / "
        "checkpoint placed in models/controlnet.",
        ("Update ComfyUI (git pull / update script) and retry; newer releases read diffusers-format SDXL ControlNets.",
         "Or download the single-file .safetensors release of the same ControlNet; move non-ControlNet files to their own folders."),
    ),
    "middle_block_out.0.weight": (
        "not a full original-format ControlNet for this base model",
        "The converter of original-format (ldm) ControlNets found no middle-block output convolution: the file is a "
        "ControlNet for another base family (SDXL vs SD1.5), a control-LoRA or adapter, a diffusers-format dict, or cut short.",
        ("Use a ControlNet of the same family as the main model (SD1.5 with SD1.5, SDXL with SDXL).",
         "If the file is a control-LoRA or T2I-Adapter, load it with the loader for that kind; re-download if the size is wrong."),
    ),
    "pos_embed.proj.weight": (
        "Flux/SD3 ControlNet variant this loader cannot read",
        "The file was taken for a Flux InstantX / MMDiT-style ControlNet but has no patch-embedding projection: another "
        "Flux ControlNet variant (XLabs, Union, Shakker) or one newer than this ComfyUI.",
        ("Update ComfyUI; if the model card names its own node pack (e.g. XLabs), load it with that pack's loader.",),
    ),
    "control_model.out.2.weight": (
        "ControlNet variant without the expected output layers",
        "The loader expected an original-format ControlNet with output layers ('control_model.out.2') that this file lacks: "
        "a variant format (sparse/LLLite/other) or a loader/app version mismatch.",
        ("Update ComfyUI together with the ControlNet node pack, or use the loader node the model's card names.",),
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "").strip()
    if key not in _KEYS:
        return None
    diagnosis, text, fix = _KEYS[key]
    loader = str(facts.get("loader") or "")
    if loader == "load_t2i_adapter" and key != "body.0.block2.weight":
        text += " (ComfyUI already fell back to the T2I-Adapter loader.)"
    elif loader == "denoise_latents":
        text += " In InvokeAI this appears when the ControlNet is applied during denoising: check that its base model matches the main model."
    fix = tuple(fix) + ("List the keys to see what the file is: python -c \"from safetensors import safe_open; print(list(safe_open('<file>','pt').keys())[:15])\"",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
