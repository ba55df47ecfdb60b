"""Computed diagnosis for supervision.box-annotator-labels-removed: the port for the keyword that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = str(facts.get("kwarg") or "")
    if not kwarg:
        return None
    annotator = str(facts.get("annotator") or "BoxAnnotator")
    if kwarg == "labels":
        diagnosis = "labels passed to the box-only annotator"
        text = (f"{annotator}.annotate() in supervision >= 0.22 draws boxes only; the label text is drawn by sv.LabelAnnotator.")
        fix = ("pip install 'supervision==0.21.0'  # keeps the old combined BoxAnnotator",
               "or: frame = sv.BoxAnnotator().annotate(scene=frame, detections=dets); "
               "frame = sv.LabelAnnotator().annotate(scene=frame, detections=dets, labels=labels)")
    else:
        diagnosis = f"{kwarg} belongs to LabelAnnotator"
        text = (f"{annotator}(...) does not take {kwarg} in the current supervision API: text options are LabelAnnotator's.")
        fix = (f"sv.BoxAnnotator(thickness=...) for boxes and sv.LabelAnnotator({kwarg}=...) for the text",
               "or pin: pip install 'supervision==0.21.0'")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
