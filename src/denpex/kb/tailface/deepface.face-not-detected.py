"""Computed diagnosis for deepface.face-not-detected: which input, which detector."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STRONG = ("retinaface", "mtcnn", "yolov8", "yunet", "centerface", "mediapipe")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    image = str(facts.get("image") or "").strip()
    detector = str(facts.get("detector") or "").strip().lower()
    if not image and not detector and facts.get("_signature") != "legacy":
        return None
    fix: list[str] = []
    if image == "numpy array":
        diagnosis = "frame passed as array had no detectable face"
        text = ("The image was passed as a numpy array (a video/webcam frame or an image you loaded): the detector found "
                "no face in it. Frames where the person looks away or that are blurred are normal in a stream.")
        fix.append("Wrap the per-frame call in try/except ValueError and skip the frame, or pass enforce_detection=False.")
    elif image:
        diagnosis = f"no face found in {image}"
        text = f"The detector found no face in {image}; every DeepFace call on this file raises until the detector sees a face."
        fix.append(f"Open {image} and check it shows one reasonably large, frontal face (not a tight crop).")
    else:
        diagnosis = "no face found (legacy deepface wording, image not named)"
        text = "deepface <= 0.0.79 does not name the image; log the path before each call to find the failing one."
    if detector and detector not in _STRONG:
        text += f" The detector was '{detector}', which misses small, tilted and profile faces."
        fix.append("Retry with detector_backend='retinaface' (or 'mtcnn').")
    elif not detector:
        text += " No detector_backend was seen: the default is the OpenCV Haar cascade, the weakest option."
        fix.append("Retry with detector_backend='retinaface' (or 'mtcnn').")
    fix.append("For images that are already face crops, pass enforce_detection=False in the DeepFace call itself.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
