"""Computed diagnosis for mlflow.mlmodel-not-found: what kind of path was given instead of a model directory."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RAW = (".pkl", ".pickle", ".joblib", ".pt", ".pth", ".bin", ".h5", ".keras", ".onnx", ".json", ".txt", ".safetensors", ".ckpt")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    low = path.lower().rstrip("/\\")
    if low.endswith(_RAW):
        return Explanation(
            text=f"'{path}' is a single model file, not an MLflow model directory (no MLmodel file next to it).",
            fix=("Load it with its own library (joblib.load / torch.load / keras.models.load_model)",
                 "or save it once as an MLflow model: mlflow.<flavor>.save_model(model, 'model_dir') and load 'model_dir'"),
            derived={"path_kind": "raw model file"})
    if re.search(r"(?:^|[/\\])(?:tmp|temp)[\w.-]*[/\\]?", low) or "/tmp/" in low or "\\temp\\" in low:
        return Explanation(
            text=(f"MLflow downloaded the requested artifact to '{path}' but found no MLmodel in it: the artifact path inside the "
                  "run (or the registered model's source) does not point at the model folder."),
            fix=("mlflow artifacts list --run-id <run_id>  # find the model folder name",
                 "Load runs:/<run_id>/<that folder> or models:/<name>/<version>"),
            derived={"path_kind": "downloaded artifact folder"})
    if re.search(r"[0-9a-f]{32}(?:[/\\]artifacts)?$", low) or re.search(r"mlruns[/\\]\d+$", low):
        return Explanation(
            text=f"'{path}' is a run or experiment folder; the model lives in a sub-folder named after log_model's artifact path.",
            fix=(f"Append the model folder: {path.rstrip('/')}/<artifact_path> (e.g. .../artifacts/model), or use runs:/<run_id>/<artifact_path>",),
            derived={"path_kind": "run folder"})
    return Explanation(
        text=f"No MLmodel file at '{path}': the path is not the directory of a saved/logged MLflow model.",
        fix=("ls the path; an MLflow model directory contains MLmodel", "Use the URI shown on the model's page in the MLflow UI"))
