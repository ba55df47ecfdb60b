"""Computed diagnosis for kohya.sdxl-text-encoder-missing: which encoder is absent, and what the model is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    which = str(facts.get("which") or "")
    if which not in ("1", "2"):
        return None
    model = str(facts.get("model") or "")
    low = model.lower()
    if which == "1" or "refiner" in low:
        diagnosis = "SDXL refiner (no CLIP-L text_encoder)" if "refiner" in low or which == "1" else "model without text_encoder"
        text = (f"text_encoder (CLIP-L) is missing{f' in {model}' if model else ''}: that is the SDXL refiner layout, "
                "which kohya's SDXL scripts cannot train.")
        fix = ("Use stabilityai/stable-diffusion-xl-base-1.0 (or an SDXL base fine-tune) as pretrained_model_name_or_path.",)
    else:
        diagnosis = "not an SDXL model (no text_encoder_2)"
        text = (f"text_encoder_2 (OpenCLIP-G) is missing{f' in {model}' if model else ''}: the model is SD 1.x/2.x, "
                "not SDXL.")
        fix = ("Untick 'SDXL model' / run train_network.py for SD 1.x/2.x, or choose an SDXL base model.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
