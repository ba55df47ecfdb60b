"""Computed diagnosis for mlflow.registered-model-not-found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "")
    stage = str(facts.get("stage") or "")
    version = str(facts.get("version") or "")
    alias = str(facts.get("alias") or "")
    if alias:
        what = f"alias '{alias}'" + (f" on '{name}'" if name else "")
        fix_k = f"client.set_registered_model_alias('{name or 'NAME'}', '{alias}', VERSION)"
    elif stage:
        what = f"version of '{name}' in stage '{stage}'"
        fix_k = f"client.transition_model_version_stage('{name}', VERSION, '{stage}') or load models:/{name}/VERSION"
    elif version:
        what = f"version {version} of '{name}'"
        fix_k = f"list versions: client.search_model_versions(\"name='{name}'\")"
    elif name:
        what = f"registered model '{name}'"
        fix_k = f"mlflow.register_model('runs:/RUN_ID/model', '{name}')"
    else:
        return None
    text = (f"The registry this process uses has no {what}. Check first that MLFLOW_TRACKING_URI / "
            "MLFLOW_REGISTRY_URI point at the server where it was registered (the default is a local ./mlruns).")
    fix = ("print(mlflow.get_registry_uri()) in the failing process; export MLFLOW_TRACKING_URI=<server> if it is ./mlruns or another server",
           fix_k)
    return Explanation(text=text, fix=fix, derived={"what": what})
