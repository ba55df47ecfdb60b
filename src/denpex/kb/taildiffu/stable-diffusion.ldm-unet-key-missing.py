"""Computed diagnosis for stable-diffusion.ldm-unet-key-missing: guess the kind of file from its name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = (
    (r"lora|lycoris|locon|loha|lokr|dora", "LoRA/LyCORIS adapter", "a LoRA adapter, not a base model",
     "Select the full base checkpoint as the model; load the LoRA as a network/adapter instead."),
    (r"flux", "Flux checkpoint", "a Flux checkpoint given to the SD 1.x/2.x loader",
     "Train with flux_train_network.py (kohya_ss: Flux.1 model type) or pick an SD1.5 base."),
    (r"sd3|sd_3|stable.?diffusion.?3", "SD3 checkpoint", "an SD3 checkpoint given to the SD 1.x/2.x loader",
     "Train with sd3_train_network.py (kohya_ss: SD3 model type) or pick an SD1.5 base."),
    (r"vae", "VAE file", "a VAE file, not a full checkpoint", "Give the full checkpoint; pass the VAE separately (--vae)."),
    (r"embedding|textual|\.pt$|\.bin$", "embedding or component file", "an embedding or component file, not a full checkpoint",
     "Give the full .safetensors/.ckpt base model."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("model_path") or "")
    name = re.split(r"[\\/]", path)[-1].lower() if path else ""
    for rx, kind, diag, fix in _KINDS:
        if name and re.search(rx, name):
            return Explanation(
                text=f"'{name}' looks like {diag}: it has no SD 1.x/2.x U-Net time embedding.",
                fix=(fix,),
                derived={"diagnosis": diag, "file_kind": kind})
    where = f" '{name}'" if name else ""
    return Explanation(
        text=(f"The file{where} has no model.diffusion_model.time_embed.0.weight: it is not a full SD 1.x/2.x checkpoint "
              "(LoRA, another family such as SD3/Flux, a single component, or an incomplete download)."),
        fix=("List its first keys (safe_open(...).keys()) to see what it is, then use the matching script or the full base model.",),
        derived={"diagnosis": "not a full SD 1.x/2.x checkpoint"})
