"""Computed diagnosis for kserve.model-not-ready: unknown name vs registered-but-not-ready model,
with the load error KServe attached when there is one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip().rstrip(".\"'")
    if not model:
        return None
    state = str(facts.get("state") or "")
    etype = str(facts.get("error_type") or "")
    emsg = str(facts.get("error_msg") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    names = model.split(",") if "," in model else [model]
    not_ready = "not ready" in state or bool(etype) or len(names) > 1
    if not_ready:
        what = "is not ready (registered, but its load failed or has not finished)"
        if len(names) > 1:
            what = "are not ready"
            parts.append(f"None of the models {', '.join(names)} finished loading.")
        else:
            parts.append(f"The model server has '{model}' registered, but it is not ready: load() failed or has not finished.")
        if etype:
            parts.append(f"Loading it raised {etype.split('.')[-1]}: {emsg}")
            if "FileNotFound" in etype or "No such file" in emsg or "ModelMissing" in etype:
                fix.append("The model file is not where the server looks: check storageUri's layout (files directly under /mnt/models) and the storage-initializer log.")
        fix.append("Read the load error: kubectl logs <predictor pod> -c kserve-container (and -c storage-initializer for the download); fix it and redeploy.")
        fix.append(f"Probe readiness on the model, not the server: readinessProbe path /v2/models/{names[0]}/ready (or /v1/models/{names[0]}).")
    else:
        what = "does not exist on this model server"
        parts.append(f"No model named '{model}' is registered on this model server: the URL names another model than the predictor registered.")
        fix.append("List the registered names: curl -H \"Host: <isvc host>\" http://<ingress>/v2/models (or /v1/models), and use that exact name in the URL.")
        fix.append("Built-in runtimes register the InferenceService name; TorchServe registers the model_name from config.properties; custom predictors register the name passed to kserve.Model(name).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
