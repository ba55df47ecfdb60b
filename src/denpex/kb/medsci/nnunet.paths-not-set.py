"""Computed diagnosis for nnunet.paths-not-set: which variables are missing, v1 or v2 names, the exports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_V1 = ("nnUNet_raw_data_base", "RESULTS_FOLDER")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("variable")
    names = raw if isinstance(raw, (list, tuple)) else ([raw] if raw else [])
    missing: list[str] = []
    for n in names:
        s = str(n)
        if s and s not in missing:
            missing.append(s)
    if not missing:
        return None
    v1 = any(m in _V1 for m in missing)
    folder = {"nnUNet_raw": "nnUNet_raw", "nnUNet_raw_data_base": "nnUNet_raw_data_base",
              "nnUNet_preprocessed": "nnUNet_preprocessed", "nnUNet_results": "nnUNet_results",
              "RESULTS_FOLDER": "nnUNet_trained_models"}
    exports = [f"export {m}=/path/to/{folder.get(m, m)}" for m in missing]
    text = f"{'nnU-Net v1' if v1 else 'nnU-Net v2'} ran without {', '.join(missing)} in its environment."
    if missing == ["nnUNet_raw"] and not facts.get("consequence"):
        text += " Only nnUNet_raw is missing: harmless for prediction with a trained model, fatal for planning/preprocessing."
    if facts.get("consequence"):
        text += f" The following {str(facts['consequence']).split(':')[0]} comes from a path built from the unset variable."
    fix = (
        "; ".join(exports) + " (in the job script / Dockerfile / ~/.bashrc of the environment that runs nnU-Net)",
        "In Python set os.environ[...] before importing nnunetv2 (restart the kernel if it is already imported).",
    )
    return Explanation(text=text, fix=fix, derived={"missing": ", ".join(missing), "nnunet_version": "v1" if v1 else "v2"})
