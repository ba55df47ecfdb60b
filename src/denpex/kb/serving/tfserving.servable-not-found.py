"""Computed diagnosis for tfserving.servable-not-found: the layout the server expects for this model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    base = str(facts.get("base_path") or "").strip().rstrip("/")
    version = str(facts.get("version") or "").strip()
    if not model:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    missing = str(facts.get("missing_path") or "").strip().rstrip("/")
    if missing:
        derived["what"] = f"base path {missing} does not exist in the server"
        parts.append(f"The directory {missing} does not exist where the server runs: the volume is not mounted there, or --model_base_path / MODEL_BASE_PATH names another path.")
        fix.append(f"Mount the model so that {missing}/1/saved_model.pb exists in the container: docker run -v /host/models/{model}:{missing} -e MODEL_NAME={model} tensorflow/serving.")
        fix.append(f"Check with docker exec <c> ls -R {missing} (KServe: the storage initializer log shows where it downloaded the model).")
    elif base:
        last = base.rsplit("/", 1)[-1]
        if last.isdigit():
            parent = base.rsplit("/", 1)[0] or "/"
            derived["what"] = f"base path {base} is a version directory"
            parts.append(f"The base path {base} ends in the version directory '{last}': the server looks for numbered subdirectories inside it and finds none.")
            fix.append(f"Point the server at the parent: --model_base_path={parent} (Docker: mount it at /models/{model}).")
        else:
            derived["what"] = f"no numbered version directory under {base}"
            parts.append(f"The server expects {base}/<version>/saved_model.pb (e.g. {base}/1/saved_model.pb with variables/ beside it) and found no integer-named subdirectory there.")
            fix.append(f"mkdir -p {base}/1 && mv {base}/saved_model.pb {base}/variables {base}/1/  (or export with model.save('{base}/1')).")
            if last != model:
                parts.append(f"The base path's last component ('{last}') is not the model name '{model}': check that this is the directory you meant to serve.")
    if base:
        fix.append(f"Check what the server sees: ls -R {base} inside the container (docker exec <c> ls -R {base}).")
    if "what" not in derived:
        if version:
            derived["what"] = f"version {version} of '{model}' is not loaded"
            parts.append(f"The request asked for version {version} of '{model}', which is not among the loaded versions.")
            fix.append(f"List loaded versions: curl http://<host>:8501/v1/models/{model}; drop the version from the request or load it (model_version_policy).")
        else:
            derived["what"] = f"no loaded model named '{model}'"
            parts.append(f"The server has no loaded servable named '{model}': the name differs from --model_name / MODEL_NAME (default 'model'), or its load failed.")
            fix.append(f"curl http://<host>:8501/v1/models/{model} and GET /v1/models/model; use the served name in the URL or model_spec.name, or restart the server with --model_name={model}.")
            fix.append("Read the server log for 'No versions of servable' or 'Loading servable ... failed' for that model.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
