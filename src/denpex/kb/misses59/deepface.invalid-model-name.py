"""Computed diagnosis for deepface.invalid-model-name: a wrong case, a model this old release lacks, or an
unknown name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODELS = ("VGG-Face", "Facenet", "Facenet512", "OpenFace", "DeepFace", "DeepID", "Dlib", "ArcFace", "SFace",
           "GhostFaceNet", "Buffalo_L", "Age", "Gender", "Emotion", "Race", "Fasnet")
# added after the first releases: an old install or a vendored copy lacks them
_LATER = {"Facenet512", "ArcFace", "SFace", "GhostFaceNet", "Buffalo_L", "Fasnet", "Dlib"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "").strip()
    if not name:
        return None
    by_lower = {m.lower().replace("-", "").replace("_", ""): m for m in _MODELS}
    key = name.lower().replace("-", "").replace("_", "")
    if name in _MODELS:
        if name in _LATER:
            diagnosis = f"the name is right, but the installed deepface predates {name}"
            fix = ("pip install -U deepface, and check that no old deepface folder in the project shadows the package "
                   "(python -c \"import deepface; print(deepface.__file__)\").",)
        else:
            diagnosis = f"{name} is a standard model, so this build_model is not deepface's own (a fork or an app's copy with a shorter table)"
            fix = ("Check which build_model raised (the traceback's last frame) and use that code's model list, or the pip deepface package.",)
    elif key in by_lower:
        right = by_lower[key]
        diagnosis = f"names are case- and dash-sensitive: use '{right}'"
        fix = (f"model_name='{right}'",)
    else:
        diagnosis = "not a model deepface ships"
        fix = ("Use one of: " + ", ".join(_MODELS[:11]) + ".",)
    return Explanation(text=f"DeepFace looked '{name}' up in its model table and did not find it: {diagnosis}.", fix=fix,
                       derived={"diagnosis": diagnosis})
