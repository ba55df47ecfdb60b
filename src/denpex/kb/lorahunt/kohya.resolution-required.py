"""Computed diagnosis for kohya.resolution-required: the value to add for this trainer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = str(facts.get("script") or "")
    if not script:
        return None
    big = any(k in script for k in ("sdxl", "flux", "sd3", "lumina", "hunyuan", "anima"))
    value = "1024,1024" if big else "512,512"
    text = (f"{script}.py built its dataset with no resolution: neither --resolution nor a resolution key in the dataset "
            "TOML was set, so the bucket size is unknown.")
    fix = (f"Add --resolution=\"{value}\" to the {script}.py command (or resolution = {value.split(',')[0]} in the [general] "
           "block of the dataset TOML).",)
    return Explanation(text=text, fix=fix, derived={"where": f" ({script}.py; use {value})"})
