"""Computed diagnosis for comfyui.vae-file-unrecognized: which loader failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    if not key:
        return None
    if key.endswith("encoder.conv_in.weight") and not key.endswith("decoder.conv_in.weight"):
        return Explanation(
            text=("kohya's converter found no VAE encoder weights in the checkpoint: the file is incomplete/corrupt, or it "
                  "is not a full Stable Diffusion checkpoint (a UNet-only or pruned file without VAE)."),
            fix=("Re-download the checkpoint and compare its size/hash with the model page.",
                 "Or pass a separate VAE with --vae <vae.safetensors>."),
            derived={"diagnosis": "checkpoint without (complete) VAE weights"},
        )
    return Explanation(
        text=("The file given to the VAE loader has no 'decoder.conv_in.weight': it is not a KL VAE this ComfyUI "
              "recognises (a video/special VAE for a newer ComfyUI or a wrapper pack, a non-VAE file, or a partial download)."),
        fix=("Update ComfyUI or load it with the node pack it was made for.",
             "Check the file's keys and size; put the real VAE of the model family in models/vae."),
        derived={"diagnosis": "file is not a VAE this loader recognises"},
    )
