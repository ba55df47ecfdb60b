"""Computed diagnosis for keras.applications-input-shape-rejected: compare the shapes in the message."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> list[int] | None:
    if not isinstance(text, str):
        return None
    try:
        return [int(p) for p in (x.strip() for x in text.split(",")) if p and p != "None"]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    exp = _dims(facts.get("expected_shape"))
    rec = _dims(facts.get("received_shape"))
    min_size = facts.get("min_size")
    if sig == "input-size-at-least" and isinstance(min_size, int) and rec and len(rec) >= 2:
        h, w = rec[0], rec[1]
        if h <= 4 and len(rec) == 3:  # channels first
            h, w = rec[1], rec[2]
        factor = max(1, math.ceil(min_size / max(1, min(h, w))))
        text = (f"The images are {h}x{w}, below this backbone's minimum of {min_size}x{min_size}: "
                "the downsampling stages would reduce them to nothing.")
        fix = (f"Upsample by {factor}x before the backbone (layers.UpSampling2D(({factor}, {factor})) or layers.Resizing({max(min_size, h * factor)}, {max(min_size, w * factor)})).",
               "Or pick a backbone with a smaller minimum input (most Keras Applications accept 32x32).")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"input {h}x{w} below minimum {min_size}x{min_size}"})
    if sig == "include-top-imagenet-default-shape" and exp:
        es = f"({', '.join(map(str, exp))})"
        size = exp[0] if exp[0] > 4 else (exp[1] if len(exp) > 1 else exp[0])
        got = f" instead of ({', '.join(map(str, rec))})" if rec else ""
        nas = size == 331
        text = (f"With the ImageNet top (or a NASNet/MobileNet whose weights depend on the size) the input must be exactly {es}{got}.")
        if nas:
            text += " 331x331 is NASNetLarge: its imagenet weights fit only that size even with include_top=False."
        fix = [f"Resize the images to {size}x{size} (layers.Resizing({size}, {size})) and keep the pretrained top,",
               "or build with include_top=False, pooling='avg' and your own Dense head at any size"
               + (" (not for NASNet: use another backbone or weights=None)." if nas or size == 224 else ".")]
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"input must be {es}"})
    if sig == "mobilenet-static-square":
        return Explanation(
            text="MobileNet imagenet weights exist only for square inputs of 128, 160, 192 or 224 pixels.",
            fix=("Resize to the nearest published size (e.g. layers.Resizing(224, 224)) or use weights=None.",),
            derived={"diagnosis": "MobileNet weights need a published square size"},
        )
    return None
