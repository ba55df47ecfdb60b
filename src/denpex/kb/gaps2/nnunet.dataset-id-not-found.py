"""Computed diagnosis for nnunet.dataset-id-not-found: the folder name nnU-Net looked for and where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "dataset")
    num = facts.get("dataset_id")
    raw = str(facts.get("raw_dir") or "")
    v1 = kind == "task"
    prefix = "Task" if v1 else "Dataset"
    want = f"{prefix}{int(num):03d}_<Name>" if isinstance(num, int) else f"{prefix}NNN_<Name>"
    base = (raw.rstrip("/") + "/nnUNet_raw_data" if v1 and raw else raw) or ("$nnUNet_raw_data_base/nnUNet_raw_data" if v1 else "$nnUNet_raw")
    parts = [f"nnU-Net ({'v1 or a v1-based fork' if v1 else 'v2'}) looked for a folder named {want} under {base} and found none."]
    fix = []
    if raw in ("", "None"):
        parts.append("The raw-data variable is not set in this shell, so nothing could be found.")
        fix.append("Export nnUNet_raw_data_base, nnUNet_preprocessed and RESULTS_FOLDER" if v1 else "Export nnUNet_raw, nnUNet_preprocessed and nnUNet_results")
        fix[-1] += " in the same shell or job script before the command."
    if v1:
        parts.append("v1 names datasets TaskNNN_Name; a Dataset001_ folder (the v2 convention) is not recognised by v1 code such as MedNeXt or nnFormer.")
    fix.append(f"Make sure {base}/{want} exists (three-digit, zero-padded ID, {prefix} prefix for this version).")
    return Explanation(text=" ".join(parts), fix=tuple(fix))
