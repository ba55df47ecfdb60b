"""Computed diagnosis for kohya.nan-in-latents: SDXL/fp16 VAE overflow vs one bad image, and the flag to set."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    image = str(facts.get("image_path") or "").strip()
    script = str(facts.get("arch_script") or facts.get("script") or "")
    mp = str(facts.get("mixed_precision") or "")
    sdxl = script.startswith("sdxl")
    derived: dict[str, Any] = {}
    if image:
        name = re.split(r"[\\/]", image)[-1]
        derived["for_image"] = " for " + name
        derived["image_file"] = name
    else:
        derived["for_image"] = ""
    fix: list[str] = []
    if sdxl or script == "":
        hint = "run the VAE in fp32 (--no_half_vae) or use the fp16-fix SDXL VAE"
    else:
        hint = "run the VAE in fp32 (--no_half_vae); if one image always fails, replace it"
    derived["hint"] = hint
    parts = []
    if sig == "on-the-fly-nan":
        parts.append("Latents are encoded every step and came out NaN; sd-scripts replaced them with zeros, so these steps "
                     "train on blank latents.")
    else:
        parts.append("The VAE turned a batch of training images into NaN latents while caching, and sd-scripts stopped.")
    if sdxl:
        parts.append(f"This is an SDXL trainer ({script}): the SDXL VAE overflows in fp16, the usual cause.")
    if mp:
        derived["mixed_precision"] = mp
        if mp == "fp16":
            parts.append("mixed_precision is fp16, so the VAE ran in half precision.")
        elif mp == "no":
            parts.append("mixed_precision is 'no' (fp32), so an fp16 overflow is unlikely: suspect the image file or a broken baked VAE.")
    fix.append("Add --no_half_vae (GUI: 'No half VAE' / lora-scripts no_half_vae = true), delete cached *.npz latents, and rerun.")
    if sdxl:
        fix.append("Or pass --vae madebyollin/sdxl-vae-fp16-fix (fp16-safe SDXL VAE).")
    fix.append("GTX 16xx GPUs: use --mixed_precision no; fp16 there yields NaN for SD1.5 as well.")
    if image:
        fix.append(f"If {derived['image_file']} keeps failing with --vae_batch_size 1 and fp32 VAE, re-save it as 8-bit RGB or remove it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
