"""Computed diagnosis for controlnet.sd-version-incompatible: which family to pick."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FAMILY = {"SD1x": "SD1.5", "SD1": "SD1.5", "SD 1": "SD1.5", "SD2x": "SD2.x", "SDXL": "SDXL", "SD3": "SD3"}
_TYPES = ("canny", "openpose", "depth", "tile", "inpaint", "lineart", "softedge", "scribble", "seg", "normal", "mlsd", "ip2p", "shuffle", "qrcode")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cnv = facts.get("cn_version")
    sdv = facts.get("sd_version")
    if not isinstance(cnv, str) or not isinstance(sdv, str):
        return None
    cn_fam = _FAMILY.get(cnv, cnv)
    sd_fam = _FAMILY.get(sdv, sdv)
    model = facts.get("cn_model") if isinstance(facts.get("cn_model"), str) else ""
    name = re.sub(r"\s*\[[0-9a-f]+\]\s*$", "", model.strip())
    kind = next((t for t in _TYPES if t in name.lower()), "")
    what = f"a {kind} ControlNet" if kind else "a ControlNet"
    text = (f"The ControlNet model {name or '(selected)'} is for {cn_fam}, the loaded checkpoint is {sd_fam}: the extension "
            "refused the unit (in A1111 the image is generated without ControlNet).")
    fix = [f"Select {what} trained for {sd_fam} in the ControlNet unit (put it in models/ControlNet and refresh the list)."]
    if sd_fam == "SDXL":
        fix.append(f"SDXL options: diffusers_xl_{kind or '<type>'} / controlnet-union-sdxl / t2i-adapter xl models.")
    elif sd_fam == "SD1.5":
        fix.append(f"SD1.5 options: control_v11p_sd15_{kind or '<type>'} (ControlNet 1.1).")
    fix.append(f"Or switch the checkpoint to a {cn_fam} model.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"{cn_fam} ControlNet with {sd_fam} checkpoint"})
