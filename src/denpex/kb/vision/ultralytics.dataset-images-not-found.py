"""Computed diagnosis for ultralytics.dataset-images-not-found: which part of the resolved path looks wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    missing = facts.get("missing")
    if not isinstance(missing, str) or not missing:
        return None
    dataset = facts.get("dataset") or "data.yaml"
    p = missing.replace("\\", "/")
    parts = [x for x in p.split("/") if x]
    hints: list[str] = []
    cause = "path"
    if "datasets" in parts:
        cause = "datasets-dir"
        hints.append("The path goes through a 'datasets' folder: a relative `path:` in the YAML was resolved under Ultralytics' "
                     "datasets_dir (settings.json), not next to the YAML.")
    if "valid" in parts or "val" in parts:
        other = "val" if "valid" in parts else "valid"
        hints.append(f"Check the split folder name on disk: the YAML asks for '{'valid' if other == 'val' else 'val'}', "
                     f"exports often name it '{other}'.")
    if ":" in p[2:] or "\\" in missing:
        cause = "windows-path"
        hints.append("The path contains a Windows drive/backslashes: a YAML written on Windows is used on another machine.")
    parent = "/".join(p.split("/")[:-1]) or "/"
    text = f"Ultralytics resolved the val/train images of {dataset} to '{missing}', which does not exist. " + " ".join(hints)
    fix = (f"ls '{parent}'  # see which folders exist there",
           f"Edit {dataset}: set path: to the absolute dataset root and train:/val: relative to it (e.g. train/images, valid/images).",
           "Or: yolo settings datasets_dir=<absolute parent of your dataset folder>")
    return Explanation(text=text, fix=fix, derived={"missing_parent": parent, "likely_cause": cause})
