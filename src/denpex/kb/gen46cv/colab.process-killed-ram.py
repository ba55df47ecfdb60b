"""Computed diagnosis for colab.process-killed-ram: what was loading when the runtime stopped the process."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = str(facts.get("last_step") or "").strip()
    fix: list[str] = []
    if not step:
        text = ("The '!' command printed '^C' without a traceback: Colab stopped it, in practice because host RAM ran out. "
                "Check the RAM graph of the runtime.")
        fix.append("Use a High-RAM runtime or load smaller / fewer models at once.")
        return Explanation(text=text, fix=tuple(fix), derived={"after": ""})
    after = f" after '{step}'"
    what = "a model"
    if "SDXL" in step or "sd_xl" in step:
        what = "an SDXL model"
    elif "Clip" in step or "CLIP" in step:
        what = "the text encoder (CLIP)"
    text = (f"The process was stopped right after '{step}': loading {what} pushed host RAM over the runtime's limit "
            "(standard Colab ~12.7 GB). GPU memory is not the problem here.")
    if "Requested to load" in step or "Moving model" in step or "Loading" in step and "new model" in step:
        fix.append("Fooocus/ComfyUI-style loaders: keep models in VRAM (Fooocus --always-high-vram, ComfyUI --highvram), disable the refiner, use one image prompt at a time.")
    if "Creating model from config" in step or "Loading weights" in step:
        fix.append("A1111 web UI: add --lowram (weights straight to VRAM) and use an fp16 pruned .safetensors checkpoint.")
    fix.append("Or switch to a High-RAM runtime (Runtime > Change runtime type).")
    return Explanation(text=text, fix=tuple(fix), derived={"after": after})
