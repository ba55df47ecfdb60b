"""Computed diagnosis for animatediff.motion-module-incompatible: which family each side is, and which side to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SDXL_MM = "mm_sdxl_v10_beta.ckpt or hsxl_temporal_layers.safetensors (HotShot-XL)"
_SD15_MM = "mm_sd_v15_v2.ckpt or v3_sd15_mm.ckpt"


def _family(text: str) -> str:
    t = text.lower()
    if "xl" in t or "hotshot" in t:
        return "SDXL"
    if "sd15" in t or "sd1.5" in t or "v15" in t or "v14" in t or "animatediffv" in t or "sd_v1" in t:
        return "SD1.5"
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    model_type = str(facts.get("model_type") or "").strip()
    mm = str(facts.get("motion_module") or "").strip()
    if sig == "a1111-assert":
        mm_type = str(facts.get("mm_type") or "")
        mm_family = "SDXL" if "xl" in mm_type.lower() else "SD1.5"
        mm_name = f"MotionModuleType.{mm_type}"
    elif sig == "evolved-intended-for":
        mm_family = str(facts.get("mm_sd_type") or "") or _family(mm)
        mm_name = mm or "the motion module"
    else:
        target = str(facts.get("target") or "")
        mm_family = _family(mm) or ("SD1.5" if "SDXL" in target or "HotShot" in target else "SDXL")
        if not model_type:
            model_type = "SDXL" if "SDXL" in target or "HotShot" in target else "SD1.5"
        mm_name = mm or "the motion module"
    if not mm_family or not model_type:
        return None
    if model_type.upper() in ("SDXL", "SD1.5", "SD15"):
        right_mm = _SDXL_MM if model_type.upper() == "SDXL" else _SD15_MM
        fix = (f"Keep the {model_type} checkpoint and select a {model_type} motion module: {right_mm}.",
               f"Or keep {mm_name} and load an {mm_family} checkpoint (Pony/Illustrious/NoobAI count as SDXL).")
    else:
        fix = (f"{model_type} is not a family AnimateDiff supports: load an {mm_family} checkpoint for {mm_name}.",
               "For video from newer model families use a native video model (Wan, HunyuanVideo, LTX-Video, CogVideoX).")
    text = (f"{mm_name} is an {mm_family} motion module but the loaded checkpoint is {model_type}; its motion layers do not fit "
            "that UNet's blocks, so AnimateDiff refused to inject them.")
    return Explanation(text=text, fix=fix, derived={"mm_family": mm_family, "model_type": model_type})
