"""Computed diagnosis for facexlib.face-helper-too-old."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = str(facts.get("kwarg") or "").strip()
    if not kwarg:
        return None
    if kwarg == "eye_dist_threshold":
        caller = "GFPGAN 1.3+ (gfpgan/utils.py GFPGANer.enhance)"
    else:
        caller = "the restorer code"
    text = (f"{caller} passes {kwarg}= to FaceRestoreHelper.get_face_landmarks_5, but the facexlib Python imports "
            "does not know that argument: it is older than the code calling it.")
    fix = (
        "python -m pip install -U facexlib  # in the interpreter that runs the restorer",
        "python -c \"import facexlib; print(facexlib.__file__)\"  # make sure no stale copy shadows it",
    )
    return Explanation(text=text, fix=fix, derived={"caller": caller})
