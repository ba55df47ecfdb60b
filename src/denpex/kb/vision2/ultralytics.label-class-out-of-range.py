"""Computed diagnosis for ultralytics.label-class-out-of-range: off-by-one vs foreign ids vs missing names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lc, nc = facts.get("label_class"), facts.get("nc")
    if not isinstance(lc, int) or not isinstance(nc, int):
        return None
    if facts.get("_signature") == "yaml-names-indices":
        lo = facts.get("min_index")
        text = (f"names in the dataset YAML is a dict with keys {lo}-{lc} for {nc} class(es): keys must be exactly 0-{nc - 1}. "
                "Sparse ids (kept from COCO or another taxonomy) are not allowed in names.")
        fix = (f"Renumber names to 0..{nc - 1} and remap the first column of every label file the same way,",
               f"or list all classes up to {lc} in names (e.g. the 80 COCO names) if the labels keep those ids.")
        return Explanation(text=text, fix=fix, derived={"cause": "sparse names keys in YAML"})
    where = str(facts.get("data") or "the dataset YAML")
    dropped = facts.get("_signature") != "yolov5-assert"
    tail = (" Ultralytics skips every such image and keeps training on the rest." if dropped
            else " YOLOv5 stops before training.")
    if lc == nc:
        text = (f"A label uses class {lc} while {where} declares {nc} classes (valid ids 0-{nc - 1}): "
                f"an off-by-one (labels numbered from 1) or one class missing from names.{tail}")
        fix = (f"If labels start at 1: subtract 1 from the first column of every label file; "
               f"otherwise add the missing class so names has {lc + 1} entries.",)
        cause = "off-by-one or one missing name"
    elif nc == 1 or lc >= 2 * nc:
        text = (f"A label uses class {lc} with only {nc} class(es) declared: the labels keep ids from another taxonomy "
                f"(e.g. original COCO ids) or the YAML was written for a subset.{tail}")
        fix = (f"Remap the label ids to 0..{nc - 1} for the classes you keep (drop other lines),",
               f"or declare all classes the labels use in names (at least {lc + 1}); for one class on purpose use single_cls=True.")
        cause = "foreign class ids"
    else:
        text = f"A label uses class {lc} but {where} declares only {nc} classes (ids 0-{nc - 1}).{tail}"
        fix = (f"Add the missing class names so len(names) >= {lc + 1}, or fix the ids in the label files.",)
        cause = "names shorter than the label ids"
    fix = fix + ("Then delete labels/*.cache so the labels are checked again.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
