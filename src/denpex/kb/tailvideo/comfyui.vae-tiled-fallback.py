"""Computed diagnosis for comfyui.vae-tiled-fallback: decode or encode, and which VAE."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "decoding")
    name = facts.get("vae_name")
    if name in (None, "", "VAE"):
        name = None
    step = "decode" if op.startswith("de") else "encode"
    node = "VAE Decode (Tiled)" if step == "decode" else "VAE Encode (Tiled)"
    who = f" ({name} VAE)" if name else ""
    text = (f"The full VAE {step}{who} ran out of GPU memory and ComfyUI retried it in tiles. That is slower but not a failure; "
            "only an OutOfMemoryError traceback after this line means the tiled retry failed too.")
    fix = (f"Use a '{node}' node from the start (for video: tile_size 256-512, temporal_size 32-64).",
           "Start ComfyUI with --lowvram or --reserve-vram 1.5 so the diffusion model is offloaded before the VAE runs.",
           "Lower resolution or frame count if the tiled pass also runs out of memory.")
    return Explanation(text=text, fix=fix, derived={"vae_text": who, "op": step})
