"""Computed diagnosis for dlib.face-descriptor-landmark-mismatch: old dlib vs. a landmark layout it cannot align."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POINTS = re.compile(r"shape_predictor_(\d+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    signature = str(facts.get("_signature") or "")
    if not signature:
        return None
    predictor = str(facts.get("predictor") or "")
    caller = str(facts.get("caller") or "")
    m = _POINTS.search(predictor)
    points = int(m.group(1)) if m else 0
    derived: dict[str, str] = {}
    if signature == "only-68-point":
        derived["dlib"] = "older than 19.7 (accepts 68-point shapes only)"
        if points == 5 or caller:
            who = f"the 5-point predictor {predictor}" if points == 5 else "face_recognition's default model='small' (5-point predictor)"
            text = (f"This dlib is older than 19.7 and its descriptor accepts 68-point shapes only; the shapes come from {who}, "
                    "which that dlib cannot align.")
            fix = ["Upgrade dlib to 19.7 or later (pip install --upgrade dlib, or conda install -c conda-forge dlib)",
                   "Or use shape_predictor_68_face_landmarks.dat" + (" (face_encodings(..., model='large'))" if caller else "")]
        elif points and points != 68:
            text = (f"The shapes come from a {points}-point predictor ({predictor}); this dlib (older than 19.7) aligns "
                    "68-point shapes only.")
            fix = ["Run shape_predictor_68_face_landmarks.dat for the descriptor input", "Upgrade dlib to 19.7+ if you want the 5-point model"]
        else:
            text = ("This dlib is older than 19.7 and accepts only 68-point shapes in compute_face_descriptor; the shape "
                    "passed has another part count (most often 5, from shape_predictor_5_face_landmarks.dat).")
            fix = ["Upgrade dlib to 19.7 or later", "Or pass shapes from shape_predictor_68_face_landmarks.dat"]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["dlib"] = "19.7 or later (accepts 68 or 5 points)"
    if points and points not in (5, 68):
        text = (f"The shapes come from a {points}-point predictor ({predictor}); the descriptor can align only 68- or "
                "5-point shapes, whatever the dlib version.")
    else:
        text = ("The shape passed to compute_face_descriptor has neither 68 nor 5 parts (a custom predictor or a "
                "hand-built full_object_detection); the descriptor cannot align it.")
    fix = ["Run shape_predictor_5_face_landmarks.dat (or _68_) on the same face box and pass that shape to the descriptor",
           "Keep the custom landmarks for your own processing only"]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
