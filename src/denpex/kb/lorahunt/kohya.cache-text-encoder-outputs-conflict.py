"""Computed diagnosis for kohya.cache-text-encoder-outputs-conflict: which option clashes with the TE cache."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _num(v: Any) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return 0.0


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    script = str(facts.get("script") or "")
    if sig == "te-network":
        where = f" ({script}.py)" if script else ""
        text = ("The run asks for a LoRA on the Text Encoder while --cache_text_encoder_outputs stores the encoder's outputs "
                f"once before training{where}; a trained encoder would make them stale, so sd-scripts stops.")
        fix = ["Add --network_train_unet_only (GUI: 'Train U-Net only') to keep the cache and train only the UNet/DiT LoRA."]
        if script.startswith("flux"):
            fix.append("Flux: only CLIP-L can get a LoRA (T5-XXL is never trained); to train CLIP-L remove "
                       "--cache_text_encoder_outputs and --cache_text_encoder_outputs_to_disk (fluxgym adds both).")
        else:
            fix.append("To train the Text Encoder LoRA, remove --cache_text_encoder_outputs (and _to_disk) instead.")
        return Explanation(text=text, fix=tuple(fix), derived={"conflict": "a Text Encoder LoRA (no --network_train_unet_only)"})
    if sig == "caption-augmentation":
        found: list[str] = []
        if str(facts.get("shuffle_caption") or "").lower() == "true":
            found.append("shuffle_caption=True")
        if _num(facts.get("caption_dropout_rate")) > 0:
            found.append(f"caption_dropout_rate={facts.get('caption_dropout_rate')}")
        if _num(facts.get("caption_tag_dropout_rate")) > 0:
            found.append(f"caption_tag_dropout_rate={facts.get('caption_tag_dropout_rate')}")
        if _num(facts.get("token_warmup_step")) > 0:
            found.append(f"token_warmup_step={facts.get('token_warmup_step')}")
        listed = str(facts.get("options") or "").replace("either ", "")
        if found:
            conflict = ", ".join(found)
            text = (f"The dataset summary shows {conflict}: the caption changes every step, so one cached Text Encoder "
                    "output per image cannot stand for it and sd-scripts refuses --cache_text_encoder_outputs.")
            fix = [f"Keep the cache: set {', '.join(f.split('=')[0] for f in found)} off/0 on the command line and in every "
                   "[[datasets.subsets]] block of the dataset TOML.",
                   "Or keep the augmentation: drop --cache_text_encoder_outputs (and _to_disk)."]
        else:
            conflict = f"caption augmentation ({listed})" if listed else "caption augmentation"
            text = ("A caption augmentation is on while --cache_text_encoder_outputs is set; cached embeddings need a fixed "
                    f"caption per image. The options it checks: {listed or 'shuffle_caption, caption dropout, token warmup'}.")
            fix = ["Set shuffle_caption=false, caption_dropout_rate=0, caption_tag_dropout_rate=0, token_warmup_step=0 "
                   "(command line and dataset TOML), or drop --cache_text_encoder_outputs."]
        return Explanation(text=text, fix=tuple(fix), derived={"conflict": conflict})
    return None
