"""Computed diagnosis for roop.source-face-not-detected: which app printed it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_APPS = {"ROOP": "roop", "DLC": "Deep-Live-Cam"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    processor = str(facts.get("processor") or "").strip()
    head = processor.split(".", 1)[0].upper() if processor else ""
    app = _APPS.get(head, head.lower() or "a roop-style swapper")
    models = "~/.insightface/models/buffalo_l" if head == "ROOP" else "the app's models folder / ~/.insightface/models/buffalo_l"
    text = (f"{app} ran insightface's detector on the source image and found no face, so it refused to start. "
            "Most often the face is cropped too tightly; an unreadable path (cv2.imread returns None) gives the same message.")
    fix = (
        "Use an uncropped, frontal source photo, or pad the crop with a border around the head.",
        "Check cv2.imread(source) is not None (ASCII-only path, .jpg/.png).",
        f"If no image works, re-download the buffalo_l models ({models}).",
    )
    return Explanation(text=text, fix=fix, derived={"app": app})
