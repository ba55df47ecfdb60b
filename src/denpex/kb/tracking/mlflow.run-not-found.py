"""Computed diagnosis for mlflow.run-not-found: which id, which store, and the likely mismatch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _store_kind(uri: str) -> str:
    u = uri.lower()
    if u.startswith(("http://", "https://")):
        return "a tracking server"
    if u.startswith(("sqlite:", "postgresql", "mysql", "mssql")):
        return "a SQL database"
    if u.startswith("databricks"):
        return "Databricks"
    if u.startswith("file:") or u.startswith(("/", "./", "mlruns")):
        return "a local mlruns folder"
    return "another store"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    run_id = str(facts.get("run_id") or "")
    exp_id = str(facts.get("experiment_id") or "")
    uri = str(facts.get("tracking_uri") or "")
    projects = facts.get("projects")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if run_id:
        derived["what"] = f"run {run_id}"
    elif exp_id:
        derived["what"] = f"experiment {exp_id}"
    else:
        return None
    derived["store"] = uri if uri else "the tracking store in use"
    if run_id and not re.fullmatch(r"[0-9a-fA-F-]{8,40}", run_id):
        # not an id at all: a runs:/ URI whose first segment is a folder name (runs:/Users/me/.../artifacts/model)
        derived["what"] = f"'{run_id}' is not a run id (runs:/ URI given a path)"
        text = (f"MLflow looked for a run with id '{run_id}', which is not a run id: a runs:/ URI means runs:/<run_id>/<path inside the run's artifacts>, "
                f"so a filesystem path after runs:/ makes its first folder ('{run_id}') the run id.")
        fix = ["Pass the run id: --model-uri runs:/<32-hex run id>/<artifact path> (e.g. runs:/3f52da7ab25649de825ed8d344ea4be6/model), "
               "or point at the folder itself: --model-uri file:///abs/path/mlruns/0/<run id>/artifacts/<model dir>."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("hydra"):
        parts.append(
            "This is a Hydra job: Hydra changes the working directory per run (outputs/<date>/<time>), so the default relative ./mlruns "
            "is a new, empty store each time."
        )
        fix.append("Give MLflow an absolute store: MLFLOW_TRACKING_URI=file:///abs/path/mlruns, or set_tracking_uri(f'file://{hydra.utils.get_original_cwd()}/mlruns').")
    if uri:
        parts.append(f"The script switched the tracking URI to {uri} ({_store_kind(uri)}); the {derived['what']} was created or remembered in a different store.")
    if projects and run_id:
        parts.append(
            f"This ran under `mlflow run`: the CLI created run {run_id} in its own store and passed the id to the entry point "
            "(MLFLOW_RUN_ID), which then looked for it in another store."
        )
        fix.append("Start the CLI against the same store (MLFLOW_TRACKING_URI=<uri> mlflow run .) and drop set_tracking_uri() from the entry point, "
                   "or run the script directly with python.")
    if exp_id:
        if exp_id in ("0", "None", "none", ""):
            parts.append(
                f"Experiment {exp_id} is " + ("the file store's Default experiment, which this store does not have (new database/server, or it was deleted)."
                                               if exp_id == "0" else "an unset id: MLFLOW_EXPERIMENT_ID or an experiment_id argument was empty.")
            )
        else:
            parts.append(f"Experiment {exp_id} does not exist in the current store: the id comes from another store (env MLFLOW_EXPERIMENT_ID, a config, a copied id) or it was deleted.")
        fix.append("Select the experiment by name, which creates it in the current store when missing: mlflow.set_experiment('<name>'); unset MLFLOW_EXPERIMENT_ID.")
    elif not parts:
        parts.append(
            f"Run {run_id} is not in the store MLflow is using now. It was created in another store: a different tracking URI, a relative ./mlruns "
            "under another working directory (Hydra, notebooks), a stale MLFLOW_RUN_ID, or a runs:/ URI from another server. Or it was deleted."
        )
    fix.append("Use one absolute tracking URI everywhere: export MLFLOW_TRACKING_URI=file:///abs/path/mlruns (or http://server:5000) before launching, "
               "and make set_tracking_uri() calls read it.")
    if run_id:
        fix.append(f"Check where the run lives: MLFLOW_TRACKING_URI=<uri> python -c \"import mlflow; print(mlflow.get_run('{run_id}').info)\"; "
                   "unset a stale MLFLOW_RUN_ID.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
