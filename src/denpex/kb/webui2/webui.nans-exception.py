"""Computed diagnosis for webui.nans-exception: VAE vs Unet, and whether precision advice was already applied."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    where = str(facts.get("where") or "").strip()
    ckpt = str(facts.get("checkpoint") or "").strip()
    name = re.split(r"[\\/]", ckpt)[-1] if ckpt else ""
    xl = bool(re.search(r"xl|pony|illustrious|noob", name, re.I))
    derived: dict[str, Any] = {"where": where or "model output"}
    if name:
        derived["checkpoint_file"] = name
        derived["sdxl_like"] = xl
    if where == "VAE":
        hint = "decode the VAE in fp32 (--no-half-vae) or use the fp16-fix VAE"
        text = ("Sampling finished but the VAE decode produced NaN: the VAE overflowed in half precision"
                + (f" ({name} looks like an SDXL-family checkpoint, whose VAE is not fp16-safe)." if xl else "."))
        fix = ("Add --no-half-vae to COMMANDLINE_ARGS (webui-user.bat: set COMMANDLINE_ARGS=--no-half-vae ...).",
               "Or Settings > VAE > SD VAE: sdxl_vae fp16-fix (madebyollin/sdxl-vae-fp16-fix) for SDXL models, a known good VAE for SD1.5.",
               "If --no-half-vae is already set (the message then lacks the advice), the checkpoint's VAE is broken: pick another VAE.")
    elif where == "Unet":
        hint = "upcast attention / --upcast-sampling, or check the model and LoRAs"
        text = ("The denoised latents became NaN during sampling. Either fp16 overflowed (attention, or a GPU without reliable "
                "half precision such as GTX 16xx) or the checkpoint/LoRA contains NaN weights or targets another base model"
                + (f" (checkpoint: {name})." if name else "."))
        fix = ("Settings > Stable Diffusion > enable 'Upcast cross attention layer to float32'.",
               "GTX 16xx / unstable fp16: add --upcast-sampling, or --precision full --no-half (about 2x VRAM).",
               "Retry without LoRAs/extensions and with another checkpoint; lower CFG and LoRA weights.")
    else:
        hint = "find the NaN source (precision flags, model, LoRA)"
        text = "A tensor came out all-NaN; the web UI stopped instead of saving a black image."
        fix = ("Add --no-half-vae and enable 'Upcast cross attention layer to float32'; retry with a stock checkpoint and no LoRAs.",)
    derived["hint"] = hint
    return Explanation(text=text, fix=fix, derived=derived)
