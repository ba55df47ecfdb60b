"""Computed diagnosis for torchvision.detection-degenerate-boxes: width/height of the printed box."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _fmt(v: float) -> str:
    return f"{v:.1f}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("box")
    if not isinstance(raw, str):
        return None
    try:
        x1, y1, x2, y2 = (float(p) for p in raw.replace("tensor(", "").split(","))
    except ValueError:
        return None
    w, h = x2 - x1, y2 - y1
    idx = facts.get("target_index")
    where = f"target {idx}" if idx is not None else "a target"
    if w < 0 and h < 0 and x2 > 0 and y2 > 0:
        diagnosis = "box looks like [x, y, w, h]"
        text = (f"The box of {where} is inverted on both axes ({_fmt(x1)}, {_fmt(y1)} -> {_fmt(x2)}, {_fmt(y2)}). "
                f"Read as COCO [x, y, w, h] it is a valid box up to ({_fmt(x1 + x2)}, {_fmt(y1 + y2)}): the dataset passes "
                "xywh where torchvision expects xyxy.")
        fix = ("boxes = torchvision.ops.box_convert(boxes, in_fmt='xywh', out_fmt='xyxy')",)
    elif w == 0 or h == 0:
        axis = "width" if w == 0 else "height"
        diagnosis = f"zero {axis}"
        text = (f"The box of {where} has zero {axis} (width {_fmt(w)}, height {_fmt(h)}): a point/line annotation or a box "
                "clipped or rounded to nothing by the transforms.")
        fix = ("keep = (boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1]); boxes, labels = boxes[keep], labels[keep]",)
    else:
        bad = [n for n, v in (("x2 < x1", w), ("y2 < y1", h)) if v < 0]
        diagnosis = "inverted box (" + ", ".join(bad) + ")" if bad else "degenerate box"
        text = (f"The box of {where} has width {_fmt(w)} and height {_fmt(h)}: coordinates are swapped or in another "
                "order/format than [x1, y1, x2, y2].")
        fix = ("Check the annotation parser's coordinate order and filter boxes with x2 <= x1 or y2 <= y1.",)
    return Explanation(text=text, fix=fix, derived={"width": round(w, 3), "height": round(h, 3), "diagnosis": diagnosis})
