"""Computed diagnosis for mmdet.num-classes-mismatch: which side is wrong (the head's num_classes or the dataset's
classes) and the config lines that fix it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEFAULTS = {80: "COCO", 20: "Pascal VOC", 1203: "LVIS v1", 365: "Objects365", 601: "Open Images", 8: "Cityscapes"}


def _head_path(head: str) -> str:
    h = head or ""
    if "Mask" in h or "FCN" in h:
        return "model.roi_head.mask_head.num_classes"
    if "BBoxHead" in h or h.startswith(("Shared", "Convex", "DII")) or "RoIHead" in h:
        return "model.roi_head.bbox_head.num_classes"
    return "model.bbox_head.num_classes"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("single") is not None and facts.get("num_classes") is None:
        one = str(facts.get("single") or "")
        derived["what"] = f"classes is the string '{one}', not a tuple"
        parts.append(f"With one class, ('{one}') is just a string in Python, so the dataset got a str instead of a tuple of class names.")
        fix.append(f"Write the tuple with a trailing comma: classes = ('{one}',) (mmdet 3.x: metainfo=dict(classes=('{one}',))).")
        derived["hint"] = fix[0]
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    try:
        nc, nd = int(facts.get("num_classes")), int(facts.get("n_classes"))
    except (TypeError, ValueError):
        return None
    head, ds = str(facts.get("head") or "the head"), str(facts.get("dataset") or "the dataset")
    path = _head_path(head)
    if nd in _DEFAULTS and nc != nd:
        derived["what"] = f"{ds} still has the {nd} {_DEFAULTS[nd]} classes, the head has {nc}"
        parts.append(f"{ds} reports {nd} classes - the default {_DEFAULTS[nd]} class list - so the dataset configs never received your class names, while {head} was set to {nc}.")
        fix.append(f"Define classes = ('a', 'b', ...) ({nc} names, in label order) and pass classes=classes to data.train, data.val and data.test "
                   "(inside dataset=dict(...) for RepeatDataset / ClassBalancedDataset wrappers); mmdet 3.x: metainfo=dict(classes=classes) in each dataloader's dataset.")
        fix.append("Do not edit CLASSES in mmdet/datasets/coco.py: if you did, reinstall (pip install -v -e .) or the old copy in site-packages is still used.")
    elif nc in _DEFAULTS and nc != nd:
        derived["what"] = f"{head} still predicts the {nc} {_DEFAULTS[nc]} classes, the dataset has {nd}"
        parts.append(f"{ds} has {nd} classes, but {head} was left at num_classes={nc} from the {_DEFAULTS[nc]} base config.")
        fix.append(f"Set {path} = {nd} in your config, and in every other head that has num_classes (mask_head; each of the three bbox heads of Cascade R-CNN).")
    else:
        derived["what"] = f"{head} has num_classes={nc}, {ds} has {nd} classes"
        parts.append(f"{head} is built for {nc} classes while {ds} has {nd}; one of them is not what you meant.")
        fix.append(f"Make them equal: {path} = len(classes), and classes=... in every dataset split.")
    parts.append("(mmdet's NumClassCheckHook compares them before the first epoch; num_classes counts the object classes only, without background.)")
    derived["hint"] = fix[0]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
