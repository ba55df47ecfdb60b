"""Computed diagnosis for kfp.mlmd-context-failed: which ML Metadata call failed and what version mix that points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    reason = str(facts.get("reason") or "")
    ctype = str(facts.get("context_type") or "")
    pipeline = str(facts.get("pipeline") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if "Unimplemented" in reason or "PutParentContexts" in reason:
        derived["version_mix"] = "launcher newer than the metadata-grpc (MLMD) server"
        text = (
            "The launcher's ML Metadata client called an RPC the cluster's metadata-grpc server does not implement: "
            "the kfp-launcher image is newer than the KFP backend's MLMD server."
        )
        fix.append("Upgrade the KFP backend (metadata-grpc-deployment) to the release the SDK's launcher expects, or pin the SDK to the backend's version")
    elif ctype == "kfp.Pipeline" or sig == "launcher-pipeline-context":
        derived["version_mix"] = "V2_COMPATIBLE pipeline on a KFP 1.x backend"
        text = (
            f"A pipeline compiled in V2_COMPATIBLE mode{(' (' + pipeline + ')') if pipeline else ''} failed in its first step: "
            "the kfp-launcher could not create/read the pipeline's context in ML Metadata. v2-compatible mode was experimental "
            "on KFP 1.6-1.8 (notably broken in multi-user Kubeflow) and was dropped; it is not a supported way to run kfp.v2 components."
        )
        fix.append("On a KFP 1.x backend compile with mode=kfp.dsl.PipelineExecutionMode.V1_LEGACY and v1 components (kfp.components.create_component_from_func)")
        fix.append("To use kfp.v2 / kfp 2.x components, install a KFP 2.x backend and submit with the kfp 2.x SDK")
    elif ctype.startswith("system.") or "Unknown Content-type" in reason:
        derived["version_mix"] = "KFP 2.x pipeline against a backend/metadata path that is not KFP 2.x"
        text = (
            "A KFP v2 driver or the UI could not find the pipeline's context in ML Metadata: the v2 pipeline runs on a backend "
            "(or metadata-envoy / metadata-grpc) from another KFP release, or the metadata service is not the one the driver reaches."
        )
        fix.append("Check that ml-pipeline, metadata-grpc-deployment and metadata-envoy all come from the same KFP 2.x release as the SDK")
        fix.append("kubectl -n <kfp-namespace> logs deploy/metadata-grpc-deployment | tail")
    else:
        return None
    return Explanation(text=text, fix=fix, derived=derived)
