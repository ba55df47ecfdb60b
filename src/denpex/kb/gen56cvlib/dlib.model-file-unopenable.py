"""Computed diagnosis for dlib.model-file-unopenable: which dlib model is missing and where to get it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    "shape_predictor_68_face_landmarks.dat": "68-point face landmark predictor (dlib.shape_predictor)",
    "shape_predictor_5_face_landmarks.dat": "5-point face landmark predictor (dlib.shape_predictor)",
    "dlib_face_recognition_resnet_model_v1.dat": "face embedding network (dlib.face_recognition_model_v1)",
    "mmod_human_face_detector.dat": "CNN face detector (dlib.cnn_face_detection_model_v1)",
    "shape_predictor_68_face_landmarks_GTX.dat": "68-point landmark predictor, GTX variant (dlib.shape_predictor)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    absolute = path.startswith(("/", "\\")) or (len(path) > 1 and path[1] == ":")
    derived: dict[str, Any] = {"model_name": name, "relative_path": not absolute}
    parts = []
    fix = []
    if name in _KNOWN:
        parts.append(f"{name} is dlib's {_KNOWN[name]}; it is not part of the dlib package and must be downloaded separately.")
        fix.append(f"wget http://dlib.net/files/{name}.bz2 && bunzip2 {name}.bz2")
        derived["download_url"] = f"http://dlib.net/files/{name}.bz2"
    else:
        parts.append(f"dlib could not open the model file {name}.")
    if absolute:
        parts.append(f"The path is absolute, so the file is simply not at {path} (or not readable): check the folder and the exact name (no .bz2 suffix).")
        fix.append(f"ls -l '{path}'")
    else:
        parts.append(f"'{path}' is relative, so it is looked up from the process's working directory, not from the script's folder.")
        fix.append(f"Use an absolute path: os.path.join(os.path.dirname(os.path.abspath(__file__)), '{name}')")
    fix.append("If you downloaded a .bz2 archive, decompress it first; dlib reads only the raw .dat file.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
