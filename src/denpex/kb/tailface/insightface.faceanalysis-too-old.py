"""Computed diagnosis for insightface.faceanalysis-too-old."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = str(facts.get("kwarg") or "").strip()
    if not kwarg:
        return None
    if kwarg in ("providers", "allowed_modules", "root", "name"):
        text = (f"'{kwarg}' is part of insightface 0.3+'s FaceAnalysis (onnxruntime API); the installed insightface is the "
                "MXNet-era 0.2.x or older, almost always 0.2.1 picked by pip when 0.7.3 could not be built.")
        diagnosis = "insightface 0.2.x installed, 0.7.x needed"
    else:
        text = (f"The installed insightface's FaceAnalysis does not accept '{kwarg}': the caller targets another insightface "
                "version than the one installed.")
        diagnosis = "insightface version differs from the caller's"
    fix = (
        "python -m pip show insightface  # check the version in the app's own interpreter",
        "python -m pip install insightface==0.7.3  # prebuilt wheel on Windows, or install C++ build tools first",
    )
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
