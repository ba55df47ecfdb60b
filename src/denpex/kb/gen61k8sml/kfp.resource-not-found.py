"""Computed diagnosis for kfp.resource-not-found: which KFP object the API server could not find and what that means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("resource_type") or "")
    name = str(facts.get("resource_name") or "").strip()
    if not kind:
        return None
    looks_like_id = bool(_UUID.match(name))
    derived: dict[str, Any] = {"resource_type": kind, "named_by": "id" if looks_like_id else "name"}
    fix: list[str] = []
    shown = f"'{name}'" if name else "(no name shown)"
    if kind == "Experiment":
        derived["likely_cause"] = "experiment id/name that this KFP instance (or namespace) does not hold"
        text = (
            f"The KFP API server has no experiment {shown}. "
            + ("An id from another KFP installation or a deleted experiment is the usual cause."
               if looks_like_id else
               "A name was passed where the API wants the experiment's id (a UUID), or the experiment lives in another namespace.")
        )
        fix.append("kfp: exp = client.create_experiment(name='<name>', namespace='<ns>') (returns the existing one), then pass exp.experiment_id (v2) / exp.id (v1)")
        fix.append("List what exists: client.list_experiments(namespace='<ns>') - in multi-user Kubeflow pass your profile namespace")
    elif kind == "Run":
        derived["likely_cause"] = "driver/launcher or client asked a KFP API that does not hold this run"
        text = (
            f"The KFP API server has no run {shown}. Seen from a v2 driver/launcher step ('failed to create task'), "
            "the step talked to a different KFP API server or namespace than the one that created the run "
            "(a hard-coded ml-pipeline.kubeflow address in a distribution that installs KFP elsewhere), or the run was deleted."
        )
        fix.append("Check that the pipeline's ml-pipeline API address/namespace seen by the step pods is the server that created the run")
        fix.append("From a client: client.get_run(run_id) against the same host/namespace that created it")
    elif kind == "WorkflowSpecManifest" or kind == "PipelineSpec":
        derived["likely_cause"] = "stored pipeline (version) spec missing"
        text = (
            f"The API server found the pipeline (version) but not its stored spec {shown}: the object store "
            "(MinIO / S3 bucket) or database row that holds the compiled pipeline was lost or never written."
        )
        fix.append("Re-upload the pipeline (or a new version of it) and start the run from the new version")
        fix.append("Check the ml-pipeline API server log and the artifact store (mlpipeline bucket) it reads pipeline specs from")
    elif kind in ("Pipeline", "PipelineVersion", "Job", "RecurringRun", "Task"):
        derived["likely_cause"] = f"{kind} id that this KFP instance does not hold"
        text = (
            f"The KFP API server has no {kind} {shown}: the id is from another installation or namespace, "
            "was deleted, or a name was passed where an id is expected."
        )
        fix.append("Look the id up first: client.get_pipeline_id(name) / client.list_pipeline_versions(pipeline_id) / client.list_recurring_runs()")
    else:
        derived["likely_cause"] = "object missing from this KFP instance"
        text = f"The KFP API server has no {kind} {shown}."
    return Explanation(text=text, fix=fix, derived=derived)
