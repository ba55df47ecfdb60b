"""Computed diagnosis for reactor.face-not-found: which ReActor check stopped the swap and what to look at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    side = str(facts.get("side") or "")
    where = str(facts.get("where") or "")
    gender = bool(facts.get("gender_filter"))
    number = facts.get("face_number")
    derived: dict[str, Any] = {}
    if sig == "analysis-failed":
        derived["cause"] = "analyser-exception"
        headline = "ReActor: the insightface analyser raised (No faces found); the swap was skipped"
        text = ("ReActor logs 'No faces found' from a bare except around insightface's FaceAnalysis.get(): the analyser "
                "raised an exception that was swallowed, so this points at the install (onnxruntime, insightface, "
                "buffalo_l models), not at the photo. The node then returns the input image unchanged.")
        fix = (
            "Check insightface and onnxruntime import in the UI's own Python and list the providers (onnxruntime.get_available_providers()).",
            "Delete models/insightface/models/buffalo_l and let ReActor download it again.",
            "Reinstall the node's requirements (insightface wheel for your Python version, onnxruntime-gpu matching your CUDA).",
        )
    elif sig == "cannot-detect" and side == "Target":
        derived["cause"] = "no-target-face"
        headline = "ReActor: no face detected in the target image; the swap was skipped"
        text = ("The detector found no face in the target (generated or input) image, so there was nothing to swap into. "
                "Distorted, tiny or side-on faces in generated images are the usual reason.")
        fix = (
            "Swap on a larger render or after a face detailer/upscale, or generate the subject closer to the camera.",
            "Lower nothing else: ReActor already retries with a halved det_size before giving up.",
        )
    elif sig == "cannot-detect":
        derived["cause"] = "no-source-input"
        headline = "ReActor: neither a source image nor a face model reached the node"
        text = "ReActor got no source image and no face model, so it had no identity to swap in."
        fix = ("Connect a source image or a loaded face model to the ReActor node (an empty/bypassed loader gives None).",)
    elif sig == "source-face-number":
        derived["cause"] = "source-index-beyond-faces"
        headline = f"ReActor: the source image has no face number {number}; only part of the swap was done"
        text = (f"The source face indexes list more faces than the detector found in the source image, so face number {number} "
                "had no source and was left unswapped.")
        fix = (
            "List only as many source indexes as faces detected in the source (0 for a single-person photo), or use one index for all targets.",
            "Check the order setting (large-small by default) picks the faces you expect.",
        )
    else:
        derived["cause"] = "gender-filter" if gender else "no-source-face"
        extra = " after the gender filter" if gender else ""
        headline = f"ReActor: no source face {where or 'found'}{extra}; the image was returned unchanged"
        text = ("insightface ran on the source image but no face was available at the requested index"
                + (" once the gender filter was applied" if gender else "")
                + ": the face is cropped too tightly, too small or in profile, or the source index is larger than the number of faces found.")
        fix = (
            "Use a head-and-shoulders source photo with margin around the face (pad a tight crop).",
            "Set the source face index to 0" + (" and set the source gender filter to no" if gender else "") + ".",
            "If the workflow came from an older ReActor, delete and re-add the node so its inputs match the installed version.",
        )
    derived["headline"] = headline
    return Explanation(text=text, fix=fix, derived=derived)
