"""Computed diagnosis for pycocotools.loadres-gt-key-missing: which key, which fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if key == "info":
        text = ("pycocotools 2.0.9/2.0.10 copy the ground truth's 'info' into the results in loadRes, and this ground truth "
                "has none (stripped or built in memory). The data is fine.")
        fix = ("coco_gt.dataset.setdefault('info', {}) before coco_gt.loadRes(...)",
               "or pip install 'pycocotools==2.0.8' / 'pycocotools>=2.0.11'")
        diagnosis = "pycocotools 2.0.9/2.0.10 require info in the ground truth"
    elif key == "images":
        text = ("loadRes was called on a COCO object without an 'images' list: it is not the ground-truth annotation file "
                "(a results file or an empty COCO()).")
        fix = ("coco_gt = COCO('instances_val.json')  # file with images, annotations, categories",
               "coco_dt = coco_gt.loadRes('results.json')")
        diagnosis = "loadRes called on a non-ground-truth COCO object"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
