"""Computed diagnosis for sibr.cannot-determine-dataset-type: harmless first lookup vs model folder unreadable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _paths(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value.strip()]
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if str(v).strip()]
    return []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    paths = _paths(facts.get("path"))
    if not paths:
        return None
    fallback = bool(facts.get("fallback"))
    if len(paths) >= 2:
        model = paths[-1]
        text = (f"SIBR first tried the dataset path from cfg_args ({paths[0]}), then the model folder ({model}); "
                f"neither has a layout it knows, so the model folder lacks cfg_args, cameras.json or "
                "point_cloud/iteration_N/point_cloud.ply.")
        what = f"model folder {model} lacks cfg_args/cameras.json/point_cloud"
        fix = (f"pass -m the train.py output folder that holds cfg_args, cameras.json and point_cloud/ (not {model} if it is a lone .ply or the wrong level)",
               "for a bare .ply: create point_cloud/iteration_<N>/point_cloud.ply next to a cfg_args and cameras.json from any trained scene")
    elif fallback:
        text = (f"{paths[0]} is the dataset path stored in cfg_args (from the training machine) and does not exist here; "
                "SIBR falls back to the model folder, so this error alone is harmless if the scene then loads.")
        what = f"dataset path {paths[0]} from cfg_args not found (falls back to the model folder)"
        fix = ("ignore it when the viewer opens, or pass -s <local dataset> / edit source_path in cfg_args",)
    else:
        text = (f"{paths[0]} is not a COLMAP (sparse/0), NeRF-synthetic or SIBR dataset folder, and this app has no model-path fallback.")
        what = f"{paths[0]} is not a dataset SIBR can parse"
        fix = (f"point --path/-s at a COLMAP dataset (images/ + sparse/0) instead of {paths[0]}",
               "for 3DGS outputs use SIBR_gaussianViewer_app -m <output folder>")
    return Explanation(text=text, fix=fix, derived={"what": what})
