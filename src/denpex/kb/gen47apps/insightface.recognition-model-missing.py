"""Computed diagnosis for insightface.recognition-model-missing: which file to put where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Recognition model of each public pack and its approximate size.
_RECOG = {"antelopev2": ("glintr100.onnx", "~249 MB"), "buffalo_l": ("w600k_r50.onnx", "~166 MB"),
          "buffalo_m": ("w600k_r50.onnx", "~166 MB"), "buffalo_s": ("w600k_mbf.onnx", "~13 MB"),
          "buffalo_sc": ("w600k_mbf.onnx", "~13 MB")}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model_dir = str(facts.get("model_dir") or "").strip()
    node = str(facts.get("node") or "").strip()
    pack = None
    if model_dir:
        leaf = model_dir.replace("\\", "/").rstrip("/").split("/")[-1]
        pack = leaf if leaf in _RECOG else None
    derived: dict[str, Any] = {"in_dir": f" in {model_dir}" if model_dir else ""}
    if pack:
        fname, size = _RECOG[pack]
        diagnosis = f"{fname} missing or broken in the {pack} pack"
        text = (f"insightface loaded models from {model_dir} but none for recognition: the {pack} pack's {fname} "
                f"({size}) is absent, truncated or an LFS pointer there.")
        fix = (f"Put a complete {fname} ({size}) in {model_dir}/ and restart.",)
    elif model_dir:
        diagnosis = "no recognition onnx in the model folder"
        text = (f"insightface loaded models from {model_dir} but none for recognition, so faces get no 'embedding'.")
        fix = (f"Add the pack's recognition onnx (antelopev2: glintr100.onnx; buffalo_l: w600k_r50.onnx) to {model_dir}/.",)
    else:
        diagnosis = "recognition model of the insightface pack not loaded"
        where = f" (node {node})" if node else ""
        text = ("The faces come from insightface without an 'embedding': the pack's recognition onnx was not loaded"
                f"{where}. For ComfyUI: ComfyUI/models/insightface/models/antelopev2/glintr100.onnx.")
        fix = ("Check that glintr100.onnx (antelopev2) or w600k_r50.onnx (buffalo_l) is present, complete and directly in the pack folder.",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
