"""Computed diagnosis for mmdet.test-no-operation: the tools/test.py flag to add, with the --eval metric guessed from
the config name when the command line is in the log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _metric(config: str) -> str | None:
    c = config.lower()
    if any(k in c for k in ("ade20k", "cityscapes", "pascal_context", "voc12aug", "coco-stuff", "segformer", "deeplab", "pspnet", "upernet", "fcn_")):
        return "mIoU"
    if "voc" in c:
        return "mAP"
    if any(k in c for k in ("mask_rcnn", "mask-rcnn", "cascade_mask", "htc", "solo", "queryinst", "mask2former", "_ins_", "instance")):
        return "bbox segm"
    if "coco" in c or "lvis" in c:
        return "bbox"
    if any(k in c for k in ("kitti", "nus", "waymo", "lyft")):
        return "bbox" if "kitti" in c else "mAP"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    config = str(facts.get("config") or "")
    if facts.get("both"):
        fix = ["Use one of them: --eval <metric> to compute metrics, or --format-only (with --eval-options jsonfile_prefix=...) to write result files for a test server."]
        return Explanation(text="tools/test.py got both --eval and --format-only; it does one or the other.", fix=tuple(fix),
                           derived={"what": "--eval and --format-only together", "hint": fix[0]})
    metric = _metric(config) if config else None
    cmd = f"python tools/test.py {config} <checkpoint.pth> --eval {metric}" if config and metric else "python tools/test.py <config> <checkpoint.pth> --eval <metric: bbox / segm for COCO, mAP for VOC, mIoU for segmentation>"
    fix = [f"Add what test.py should do with the results: {cmd}",
           "Other choices: --out results.pkl (save raw results), --show-dir vis/ (draw predictions), --format-only --eval-options jsonfile_prefix=./results (submission files)."]
    text = ("MMDetection 1.x-era tools/test.py (mmdet 2.x, mmseg 0.x, mmdet3d 0.x and their forks) runs inference only when told what to do with the results, "
            "and the command line had none of --out, --eval, --format-only, --show, --show-dir; nothing is wrong with the model or checkpoint.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": "tools/test.py was given no operation", "hint": fix[0]})
