"""Computed diagnosis for comfyui.latent-channel-mismatch: name the VAE families behind the channel counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

FAMILIES = {
    4: "SD1.x/SD2.x/SDXL VAE latent (4 channels)",
    16: "SD3/SD3.5, Flux.1, Wan 2.1, HunyuanVideo or Qwen-Image VAE latent (16 channels)",
    32: "a 32-channel VAE latent (e.g. FLUX.2)",
    48: "Wan 2.2 TI2V-5B VAE latent (48 channels)",
    128: "LTX-Video VAE latent (128 channels)",
}
LAYERS = {
    320: "the UNet's conv_in",
    512: "the VAE decoder's conv_in (decoding)",
    1536: "the SD3 Medium patch embedding",
    2432: "the SD3.5 Large patch embedding",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    try:
        if "expected" in facts and "got" in facts:
            expected, got = int(facts["expected"]), int(facts["got"])
        else:
            expected, got = int(facts["b"]), int(facts["a"])
    except (KeyError, TypeError, ValueError):
        return None
    if expected == got:
        return None
    want = FAMILIES.get(expected, f"a {expected}-channel latent")
    have = FAMILIES.get(got, f"a {got}-channel latent")
    layer = ""
    try:
        layer = LAYERS.get(int(facts.get("out_channels") or 0), "")
    except (TypeError, ValueError):
        layer = ""
    if sig == "size-of-tensor-dim1" or "expected" not in facts:
        text = (f"Two latents of different families meet in one operation: {have} and {want}. "
                "Noise, latents and the model must all come from the same VAE family.")
        diagnosis = f"{got}- and {expected}-channel latents mixed"
    else:
        where = f" ({layer})" if layer else ""
        text = (f"The layer{where} expects {want} but received {have}.")
        diagnosis = f"{have.split(' (')[0]} given to a layer for {want.split(' (')[0]}"
    fix = []
    if 4 in (expected, got) and 16 in (expected, got):
        fix.append("Flux/SD3 need EmptySD3LatentImage and their own VAE (ae.safetensors / sd3 vae); SD1.5/SDXL need "
                   "EmptyLatentImage and the checkpoint's VAE. Connect VAEDecode to the sampler output.")
    if 48 in (expected, got):
        fix.append("Wan 2.2 TI2V-5B uses wan2.2_vae (48 channels); Wan 2.1 and the Wan 2.2 14B models use the Wan 2.1 VAE (16 channels).")
    if 128 in (expected, got):
        fix.append("LTX-Video needs its own VAE and LTXV latent nodes (128 channels).")
    fix.append("Trainers: delete latent caches made with another model's VAE and re-cache.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
