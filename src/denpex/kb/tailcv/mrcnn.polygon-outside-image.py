"""Computed diagnosis for mrcnn.polygon-outside-image: border vertex vs wrong image size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _int(facts: Mapping[str, Any], key: str) -> int | None:
    try:
        return int(facts[key])
    except (KeyError, TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    index, axis, size = _int(facts, "index"), _int(facts, "axis"), _int(facts, "size")
    if index is None or axis is None or size is None:
        return None
    coord = "y (row, image height)" if axis == 0 else "x (column, image width)"
    width, height = _int(facts, "width"), _int(facts, "height")
    other = None
    if width is not None and height is not None:
        other = width if axis == 0 else height
    over = index - size + 1
    clip = "rr, cc = skimage.draw.polygon(p['all_points_y'], p['all_points_x'], shape=mask.shape[:2])"
    if index < 0:
        diagnosis = "negative coordinate"
        text = f"A polygon has a negative {coord} coordinate ({index}); the annotation extends past the top/left edge."
        fix = (clip,)
    elif over <= 2:
        diagnosis = "vertex on the image border"
        text = (f"A polygon reaches {coord} = {index} while valid indices are 0..{size - 1}: a vertex placed on the "
                "border (VIA allows x == width / y == height). Clipping by one pixel is enough.")
        fix = (clip,)
    elif other is not None and index < other:
        diagnosis = "width and height swapped (EXIF rotation?)"
        text = (f"{coord} index {index} exceeds {size} but fits the other side ({other}): the image was annotated "
                "rotated (EXIF orientation) or width/height are swapped in the loader.")
        fix = ("Strip EXIF rotation before annotating (PIL.ImageOps.exif_transpose) and re-annotate, or read images "
               "the same way the annotator showed them.", clip)
    else:
        diagnosis = "annotation made on a larger image"
        scale = index / size if size else 0
        text = (f"{coord} index {index} is {over} pixel(s) past the mask size {size} (x{scale:.2f}): the polygon "
                "was drawn on an image of other dimensions (resized after annotation) or on the wrong file.")
        fix = ("Re-annotate on the images you train on, or rescale the points by the size ratio before load_mask.", clip)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
