"""Computed diagnosis for insightface.model-pack-missing: where the pack's onnx files must be."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pack = str(facts.get("pack") or "")
    if not pack:
        return None
    root = str(facts.get("root") or "").strip("'\"")
    where = f"{root}/models/{pack}" if root and ("/" in root or "\\" in root) else f"<root>/models/{pack}"
    if pack.startswith("antelope"):
        text = (f"No detector in the '{pack}' pack folder ({where}): antelopev2 is not auto-downloaded, and its zip "
                f"extracts to a nested {pack}/{pack}/ folder that FaceAnalysis does not look into.")
        fix = (f"Put the onnx files (scrfd_10g_bnkps.onnx, glintr100.onnx, 1k3d68.onnx, 2d106det.onnx, genderage.onnx) "
               f"directly in {where}/ (mv {where}/{pack}/* {where}/).",)
    else:
        text = f"No detector onnx directly in {where}: the '{pack}' pack is missing, nested one level deeper or truncated."
        fix = (f"Extract the {pack} zip so that {where}/det_10g.onnx (or scrfd_*.onnx) exists; remove an empty or "
               "partial folder to let insightface download buffalo_l again.",)
    return Explanation(text=text, fix=fix, derived={"expected_dir": where})
