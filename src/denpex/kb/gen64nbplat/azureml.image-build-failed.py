"""Computed diagnosis for azureml.image-build-failed: where the build log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    log = str(facts.get("build_log") or "")
    storage = str(facts.get("storage") or "")
    sig = facts.get("_signature")
    if log.startswith("http"):
        where = f"the ACR task log at {log}"
        fix = (
            f"Open {log} (or, if public access is refused, the environment's Build log in the studio) and fix the last failing step.",
            "Then create a new environment version and resubmit.",
        )
    elif log:
        where = f"{log} in the workspace storage account{(' ' + storage) if storage else ''} (blob container 'azureml')"
        fix = (
            f"az storage blob download --account-name {storage or '<storage-account>'} --container-name azureml --name {log.lstrip('/').removeprefix('azureml/')} --file build.log --auth-mode login",
            "Fix the failing step it shows (conda/pip resolution, Dockerfile RUN) and redeploy with a new environment version.",
        )
    elif sig in ("environment-build-failed", "failed-building-environment"):
        where = "the deployment's image build log (studio: the model deployment / environment's Build log)"
        fix = ("Build the environment locally first (aka.ms/debugimage: Environment.build_local / docker build) to see the failing step.",)
    else:
        where = "the image build log of the workspace (studio: Environments > build log)"
        fix = ("Read the build log and fix the failing step, then create a new environment version.",)
    text = f"The environment's Docker image could not be built, so nothing of your code ran. The failing step is in {where}."
    return Explanation(text=text, fix=fix, derived={"build_log_text": f" (build log: {log})" if log else ""})
