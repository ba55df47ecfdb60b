"""Computed diagnosis for triton.model-not-ready: unknown name vs no READY version, and the
naming / repository / version-policy hint that fits the model name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    if not model:
        return None
    version = str(facts.get("version") or "").strip()
    state = str(facts.get("state") or "")
    parts: list[str] = []
    fix: list[str] = []
    idx = "curl -s -X POST localhost:8000/v2/repository/index"
    load = f"curl -X POST localhost:8000/v2/repository/models/{model}/load"
    if "ready state" in state:
        what = f"version {version} is loaded but not READY"
    elif version and version != "-1":
        what = f"version {version} is not loaded"
    elif "repository" in state:
        what = "not in any model repository"
    else:
        what = ""
    derived: dict[str, Any] = {}
    # name shapes that are not repository directory names
    if re.fullmatch(r"v\d+|models|infer|ready", model):
        parts.append(f"'{model}' is a URL path segment (/v2/models/...), not a model name: the client or proxy built the request path wrong.")
        fix.append("Call /v2/models/<model directory name>/infer; with KServe use the model name served by Triton, not the InferenceService URL segment.")
    elif "/" in model or re.search(r"[:@]\d+$", model):
        base = re.split(r"[/:@]", model)[0]
        parts.append(f"'{model}' carries a version or path; Triton model names are bare directory names ('{base}') and the version goes in model_version.")
        fix.append(f"Use model_name='{base}' and model_version='' (latest READY) or the version number.")
    if what.startswith("version"):
        parts.append(f"Model '{model}' is known but {what}.")
        fix.append(f"Leave model_version empty to use the latest READY version, or load that version: {load} (and check version_policy in {model}/config.pbtxt allows it).")
    elif what == "not in any model repository":
        parts.append(f"An explicit load asked for '{model}', but no --model-repository contains a folder of that name.")
        fix.append(f"Check the mount and the path: ls <repository>/{model}/config.pbtxt; --model-repository must point at the folder that contains {model}/, not at {model}/ itself.")
    else:
        what = "no READY version" if "versions" in state else "unknown model name"
        if what == "no READY version":
            parts.append(f"Triton knows '{model}' but none of its versions is READY: its load failed, it was unloaded, or version_policy selects version folders that do not exist.")
            fix.append(f"Find \"failed to load '{model}'\" in the server log and fix it, then reload: {load}.")
        else:
            parts.append(f"Triton has no model named '{model}': the client name differs from the repository directory, the server uses another --model-repository, or (explicit mode) it was never loaded.")
            fix.append(f"List what the server sees: {idx}; use exactly the directory name (case-sensitive).")
            fix.append(f"In --model-control-mode=explicit, load it: --load-model={model} or {load}.")
    fix.append(f"Confirm: curl -s -o /dev/null -w '%{{http_code}}' localhost:8000/v2/models/{model}/ready returns 200.")
    derived["what"] = what
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
