"""Computed diagnosis for deepchem.model-class-unavailable: renamed class vs missing backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {
    "MultiTaskRegressor": "MultitaskRegressor",
    "MultiTaskClassifier": "MultitaskClassifier",
    "MultiTaskFitTransformRegressor": "MultitaskFitTransformRegressor",
    "TensorflowMultiTaskRegressor": "MultitaskRegressor",
    "TensorflowMultiTaskClassifier": "MultitaskClassifier",
}
_REMOVED = {"TensorGraph": "removed in DeepChem 2.4; subclass dc.models.KerasModel or dc.models.TorchModel instead"}
_PIP = {"pytorch": "deepchem[torch]", "tensorflow": "deepchem[tensorflow]", "jax": "deepchem[jax]"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not attr:
        backend = facts.get("backend") or facts.get("dep")
        if not backend:
            return None
        return Explanation(text=f"DeepChem skipped its {backend} model group at import ({facts.get('reason', 'missing dependency')}); "
                                "this matters only if the code uses one of those models.",
                           fix=(f"pip install '{_PIP.get(str(backend).lower(), 'deepchem[torch]')}' if you need those models.",),
                           derived={"diagnosis": f"{backend} models not loaded"})
    attr = str(attr)
    if attr in _RENAMED:
        new = _RENAMED[attr]
        return Explanation(text=f"{attr} is the DeepChem 1.x name; the class is {new} in DeepChem 2.x.",
                           fix=(f"Replace dc.models.{attr} with dc.models.{new}.",),
                           derived={"diagnosis": f"renamed to {new}"})
    if attr in _REMOVED:
        return Explanation(text=f"{attr} was {_REMOVED[attr]}.", fix=("Port the model to KerasModel/TorchModel, or pin the old deepchem release the code was written for.",),
                           derived={"diagnosis": f"{attr} no longer exists"})
    backend = facts.get("backend")
    missing = facts.get("missing_module")
    if backend:
        b = str(backend).lower()
        return Explanation(
            text=(f"DeepChem logged that it skipped (at least) its {backend} models (No module named '{missing}'), so dc.models.{attr} "
                  f"was never defined."),
            fix=(f"pip install '{_PIP.get(b, 'deepchem[torch]')}' (or install {missing} matching your CUDA), then restart the kernel.",),
            derived={"diagnosis": f"its {backend} backend is not installed ({missing} missing)"})
    return Explanation(
        text=(f"dc.models.{attr} is not defined in this DeepChem: its backend (TensorFlow, PyTorch, JAX or DGL) is not importable, "
              "or the class does not exist in this release."),
        fix=("Check: python -c \"import importlib.util as u; print({m: bool(u.find_spec(m)) for m in ('tensorflow','torch','jax','dgl')})\"",
             "Install the backend: pip install 'deepchem[tensorflow]' or 'deepchem[torch]' (graph models also need dgl / torch-geometric)."),
        derived={"diagnosis": "backend not installed or class not in this release"})
