"""Computed diagnosis for albumentations.key-not-in-available-keys: which kind of key was refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# bookkeeping keys of an OpenMMLab results dict (mmdet 3.x / mmyolo / YOLO-World pipelines)
_MM_KEYS = {
    "img_path", "img_id", "img_shape", "ori_shape", "seg_map_path", "sample_idx", "instances",
    "gt_bboxes_labels", "gt_ignore_flags", "gt_bboxes", "gt_masks", "gt_seg_map", "scale",
    "scale_factor", "homography_matrix", "pad_param", "texts", "is_detection", "dataset",
    "flip", "flip_direction", "pad_shape", "img_fields", "bbox_fields", "filename", "ori_filename",
}
_TARGET_KEYS = {"bboxes", "keypoints", "labels", "class_labels", "category_ids"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    key = key.strip("'\"")
    if key in _MM_KEYS:
        diagnosis = "OpenMMLab Albu wrapper with albumentations >= 1.4.5"
        text = (f"'{key}' is a field of an OpenMMLab results dict: the mmdet/mmyolo Albu transform forwards the whole "
                "dict to albumentations, whose Compose (1.4.5+) refuses names it does not know.")
        fix = ("pip install 'albumentations<1.4.5'  # e.g. 1.3.1 or 1.4.4",)
    elif key in _TARGET_KEYS:
        diagnosis = f"'{key}' passed without the matching params"
        text = (f"'{key}' is only an available key when Compose is built with bbox_params/keypoint_params "
                "(and the label field is listed in label_fields).")
        fix = ("A.Compose([...], bbox_params=A.BboxParams(format='pascal_voc', label_fields=['labels']))",
               "If this comes from ultralytics with albumentations 1.4.5: pip install -U ultralytics or pin albumentations<1.4.5.")
    elif key == "image":
        diagnosis = "Compose with no transforms (1.4.x bug)"
        text = "Even 'image' was refused: a Compose with an empty transform list had no available keys in some 1.4.x releases."
        fix = ("pip install -U albumentations, or skip the Compose call when the transform list is empty.",)
    else:
        diagnosis = f"undeclared extra target '{key}'"
        text = (f"'{key}' is not a standard albumentations target. Extra arrays must be declared with "
                "additional_targets; metadata (file names, ids) must stay outside the call.")
        fix = (f"A.Compose([...], additional_targets={{'{key}': 'image'}})  # or 'mask' / 'bboxes' / 'keypoints'",
               f"or drop '{key}' from the arguments passed to the transform.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
