"""Computed diagnosis for openmmlab.config-unexpected-kwarg: which class rejected which key, and the
known version changes behind the common keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    "init_cfg": ("init_cfg exists since mmcv 1.3 / mmdet 2.12 (BaseModule); the installed code predates it",
                 "Upgrade mmcv-full (>= 1.3) and mmdet (>= 2.12) together, or use the config of the installed release."),
    "pretrained": ("mmdet 2.12+ replaced backbone pretrained= with init_cfg=dict(type='Pretrained', checkpoint=...)",
                   "Replace pretrained='...' with init_cfg=dict(type='Pretrained', checkpoint='...')."),
    "_delete_": ("_delete_=True only means something when the dict overrides a _base_ dict at the same path",
                 "Remove _delete_ from this dict, or move it to the dict that replaces a base entry."),
    "img_scale": ("mmdet 3.x transforms take scale= (img_scale is the 2.x argument)",
                  "Use the mmdet 3.x pipeline (Resize(scale=...)) or install mmdet 2.x for this config."),
    "data_preprocessor": ("data_preprocessor is a mmdet 3.x / mmengine model key; 2.x detectors do not take it",
                          "Use a mmdet 2.x config with mmdet 2.x, or install mmdet 3.x + mmengine."),
    "train_cfg": ("mmdet 2.12+ moved train_cfg/test_cfg inside the model dict",
                  "Move train_cfg/test_cfg to where the installed release expects them (inside model for >= 2.12)."),
    "test_cfg": ("mmdet 2.12+ moved train_cfg/test_cfg inside the model dict",
                 "Move train_cfg/test_cfg to where the installed release expects them (inside model for >= 2.12)."),
    "bbox_roi_extractor": ("mmdet 2.0 moved bbox_roi_extractor/bbox_head under roi_head",
                           "Rewrite the config in the 2.x layout (roi_head=dict(bbox_roi_extractor=..., bbox_head=...))."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = facts.get("kwarg")
    if not kwarg:
        return None
    chain = [c.strip() for c in str(facts.get("chain") or "").split(":") if c.strip()]
    cls = facts.get("cls")
    rejecting = chain[-1] if chain else cls
    derived: dict[str, Any] = {"kwarg_label": f"'{kwarg}'",
                               "rejecting_label": rejecting or "the registered class being built"}
    if rejecting:
        derived["rejecting_class"] = rejecting
    parts = []
    if chain:
        derived["build_path"] = " > ".join(chain)
        parts.append(f"While building {' > '.join(chain)}, {rejecting}.__init__ was called with '{kwarg}', which it does not accept.")
    elif cls:
        where = f" ({facts['cls_path']})" if facts.get("cls_path") else ""
        parts.append(f"{cls}{where}.__init__ was called with '{kwarg}' from the config, which it does not accept.")
    else:
        parts.append(f"The registry passed the config key '{kwarg}' to a class whose __init__ does not accept it.")
    fix = []
    if kwarg in _KNOWN:
        why, how = _KNOWN[kwarg]
        derived["known_change"] = why
        parts.append(why + ".")
        fix.append(how)
    else:
        fix.append(f"Find '{kwarg}' in the dict of type='{rejecting or '...'}' in the config; rename or remove it to match the installed release's __init__.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
