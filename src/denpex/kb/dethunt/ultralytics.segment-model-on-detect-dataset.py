"""Computed diagnosis for ultralytics.segment-model-on-detect-dataset: which release wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    fix = ("Boxes only: yolo detect train model=yolov8n.pt data=data.yaml",
           "Masks wanted: re-export the labels as polygons (YOLO segmentation format), delete labels/*.cache, retrain the -seg model.")
    if sig == "seg-loss-cat-size-0":
        n = facts.get("expected")
        text = (f"The segmentation loss got {n} box target(s) in the batch but 0 mask rows: the label files hold boxes only "
                "(early ultralytics 8.0 reports this as a torch.cat size mismatch).") if n is not None else None
        if text is None:
            return None
        return Explanation(text=text, fix=fix, derived={})
    if sig == "seg-loss-keyerror-masks":
        return Explanation(text="The batch has no 'masks' entry: the dataset was loaded as a detection dataset while the model is a segmentation model.",
                           fix=fix, derived={})
    return None
