"""Computed diagnosis for torchgeo.dataset-not-found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "Sentinel2": "Sentinel2 expects band files like T36KVU_20210513T073609_B02_10m.tif (or .jp2 inside IMG_DATA); .SAFE folders and other names are skipped",
    "Landsat8": "Landsat defaults to surface-reflectance bands SR_B1..; TOA products use B1..B11 names: pass bands=",
    "Landsat9": "Landsat defaults to surface-reflectance bands SR_B1..; TOA products use B1..B11 names: pass bands=",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    root = str(facts.get("root") or "").strip()
    dataset = str(facts.get("dataset") or "")
    if facts.get("_signature") == "dataset-not-found-download-false":
        diagnosis = "archive not in root and download disabled"
        text = f"The benchmark files are not in {root}; download is off (or the dataset cannot be downloaded)."
        fix = (f"Dataset(root={root}, download=True)  # or extract the archive into {root}",)
    elif dataset:
        diagnosis = "no file matched filename_glob/regex and bands"
        hint = _HINTS.get(dataset, f"{dataset} indexes only files matching its filename_glob/filename_regex and the requested bands")
        text = f"{dataset} indexed 0 files under '{root}'. {hint}."
        fix = (f"python -c \"from torchgeo.datasets import {dataset} as D; print(D.filename_glob, D.filename_regex)\"  # compare with ls {root}",
               f"class My{dataset}({dataset}): filename_glob = '...'  # match your file names")
    else:
        return None
    if root.startswith("."):
        text += " The path is relative: check the working directory."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
