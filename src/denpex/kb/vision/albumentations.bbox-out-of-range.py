"""Computed diagnosis for albumentations.bbox-out-of-range: rounding at the border vs. wrong format/size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    coord = facts.get("coord")
    value = facts.get("value")
    if not isinstance(coord, str) or not isinstance(value, (int, float)):
        return None
    if value != value:  # NaN
        return Explanation(
            text=(f"{coord} is NaN: the box coordinates were computed from invalid numbers before albumentations saw them "
                  "(division by a zero image width/height, an empty or uninitialised label tensor, or NaN predictions fed back as labels)."),
            fix=("Find the sample: assert torch.isfinite(boxes).all() (or np.isfinite) in the dataset's __getitem__ before the transform, and log its file.",
                 "Check the normalisation step (x / width with width == 0) and drop annotations with zero-area or missing coordinates."),
            derived={"likely_cause": "nan-coordinates"},
        )
    overshoot = -value if value < 0 else value - 1.0
    if overshoot <= 0:
        return None
    if overshoot <= 0.02:
        cause = "border-rounding"
        text = (f"{coord} = {value:g} is only {overshoot:.4g} outside [0, 1]: a box touching the image border, pushed past it by "
                "rounding or a one-pixel-wide label edge. Clip instead of failing.")
        fix = ("Clamp boxes to the image before Compose (pixel formats: 0..W/0..H; normalised: 0..1) and drop empty ones.",
               "albumentations >= 1.4.x: A.BboxParams(format=..., clip=True).")
    elif value > 1.5:
        cause = "format-or-size-mismatch"
        ratio = value
        text = (f"{coord} = {value:g} is {ratio:.3g}x the image extent: the boxes are in pixels but declared normalised "
                "(format='yolo'/'albumentations'), or they belong to a larger image than the one passed (resized elsewhere, wrong file pair).")
        fix = ("Set BboxParams(format=...) to the real storage: 'pascal_voc' (pixel x_min,y_min,x_max,y_max), 'coco' (pixel x,y,w,h), "
               "'yolo' only for normalised cx,cy,w,h.",
               "Resize image and boxes together inside the same A.Compose; check image.shape against the annotation's width/height.")
    else:
        cause = "box-outside-image"
        text = (f"{coord} = {value:g}: the box extends {overshoot:.3g} of the image size beyond the edge - an annotation partly "
                "outside the image, or boxes scaled for a slightly different image size.")
        fix = ("Clip or drop such annotations when building the dataset; log which files they come from.",
               "Check that the image passed is the one the labels were drawn on (same width/height).")
    return Explanation(text=text, fix=fix, derived={"overshoot": round(overshoot, 6), "likely_cause": cause})
