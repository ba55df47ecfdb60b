"""Computed diagnosis for koboldcpp.model-load-failed: which model, and the native reason."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("model_kind") or facts.get("loaded_kind") or "").lower()
    if not kind:
        return None
    path = str(facts.get("model_path") or "").strip()
    name = re.split(r"[\\/]", path)[-1] if path else "(path not printed)"
    sd_error = str(facts.get("sd_error") or "")
    load_error = str(facts.get("load_error") or "")
    fix: list[str] = []
    if kind == "image":
        low = name.lower()
        needs_encoders = any(k in low for k in ("flux", "sd3", "ernie", "chroma", "qwen", "wan", "z-image", "zimage"))
        text = f"KoboldCpp's image backend could not load {name}"
        if sd_error:
            text += f" ({sd_error})"
        if needs_encoders:
            text += "; this model family needs separate text encoder(s) and VAE loaded alongside it."
            fix.append(f"Load {name} with its T5-XXL / CLIP encoders and VAE (--sdt5xxl, --sdclipl, --sdvae or the Image Gen tab fields).")
        else:
            text += "; check that it is a supported image model and that required VAE/encoders are set."
            fix.append("Use an SD1.5/SDXL fp16 safetensors or a supported GGUF image model; add the VAE/encoders the model card lists.")
    elif kind == "text":
        text = f"KoboldCpp's llama.cpp backend could not load {name}"
        if load_error:
            text += f": {load_error}"
            if "unknown model architecture" in load_error or "vocabulary" in load_error or "pre-tokenizer" in load_error:
                fix.append("Update KoboldCpp: this build does not support the model's architecture/tokenizer yet.")
            elif "tensor" in load_error or "read" in load_error or "magic" in load_error:
                fix.append(f"Re-download {name}: the file looks truncated or corrupt.")
        else:
            text += " (the native error is printed just above 'Load Text Model OK: False')."
        fix.append("If the log shows a failed VRAM allocation, lower --gpulayers and --contextsize.")
    else:
        text = f"KoboldCpp could not load the {kind} model {name}."
        fix.append("Check that the file is the right kind of model for this slot and is fully downloaded.")
    return Explanation(text=text, fix=tuple(fix), derived={"model_name": name, "model_kind": kind})
