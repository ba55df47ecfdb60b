"""Computed diagnosis for media.opencv-cvtcolor-format: what the image is and which conversion fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEPTH = {0: "uint8", 1: "int8", 2: "uint16", 3: "int16", 4: "int32", 5: "float32", 6: "float64", 7: "float16"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "depth":
        d = facts.get("depth")
        dt = _DEPTH.get(d, "an unsupported type") if isinstance(d, int) else "an unsupported type"
        text = f"The image array is {dt} (depth {d}); cvtColor accepts only uint8, uint16 and float32."
        fix = ("Cast first: img = img.astype(np.float32) (values 0-1) or np.clip(img, 0, 255).astype(np.uint8) (values 0-255).",)
        return Explanation(text=text, fix=fix, derived={"problem": f"{dt} image"})
    if sig == "output-channels":
        dcn = facts.get("dcn")
        text = f"The requested destination channel count (dstCn={dcn}) does not fit this conversion code."
        fix = ("Drop the dstCn argument or pass the channel count the conversion produces (1 for *2GRAY, 3 for *2BGR/RGB, 4 for *2BGRA).",)
        return Explanation(text=text, fix=fix, derived={"problem": f"dstCn {dcn}"})
    scn = facts.get("scn")
    if not isinstance(scn, int):
        return None
    if scn == 1:
        text = ("The image has 1 channel (already grayscale: read with IMREAD_GRAYSCALE, a mask, or a gray file) "
                "but the conversion expects a colour image.")
        fix = ("Skip the conversion when img.ndim == 2, or use COLOR_GRAY2BGR/GRAY2RGB if colour is needed;",
               "or read with cv2.imread(path, cv2.IMREAD_COLOR) so every image has 3 channels.")
    elif scn in (3, 4):
        text = f"The image already has {scn} channels but the conversion code expects a different count (a GRAY2* code on a colour image, or {scn}-channel input to a code that wants {'3' if scn == 4 else '1 or 4'})."
        fix = ("Use the code matching the input: BGR2* for 3 channels, BGRA2* for 4, GRAY2* only for 1-channel images.",)
    else:
        text = f"The image has {scn} channels, which no standard colour conversion accepts (a 2-channel or multi-band array)."
        fix = ("Select the channels to convert (img[..., :3]) or build the colour image explicitly.",)
    return Explanation(text=text, fix=fix, derived={"problem": f"{scn}-channel input"})
