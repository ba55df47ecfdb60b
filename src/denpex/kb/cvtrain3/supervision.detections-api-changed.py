"""Computed diagnosis for supervision.detections-api-changed: rename or upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {"from_yolov8": "from_ultralytics", "from_yolov5": "from_ultralytics (YOLOv8+/ultralytics results) or keep from_yolov5 on an older supervision",
            "from_roboflow": "from_inference"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not isinstance(attr, str) or not attr:
        return None
    if attr in _RENAMED:
        new = _RENAMED[attr]
        text = f"Detections.{attr} is an old connector name; current supervision calls it {new}."
        fix = (f"Replace sv.Detections.{attr}(...) with sv.Detections.{new.split(' ')[0]}(...).",
               "Or pin the supervision release the tutorial was written for.")
        return Explanation(text=text, fix=fix, derived={"likely_cause": "renamed", "replacement": new.split(" ")[0]})
    text = (f"Detections.{attr} does not exist in the installed supervision: the connector was added in a later release "
            "(or the name is misspelled).")
    fix = ("pip install -U supervision, then check: python -c \"import supervision as sv; print(sv.__version__, "
           f"hasattr(sv.Detections, '{attr}'))\"",
           "If another package pins an old supervision, upgrade or isolate it (separate venv/ComfyUI embedded Python).")
    return Explanation(text=text, fix=fix, derived={"likely_cause": "supervision-too-old"})
