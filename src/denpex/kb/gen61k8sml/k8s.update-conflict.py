"""Computed diagnosis for k8s.update-conflict: which object the operator raced on, and that it retries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = str(facts.get("resource") or "").strip("[]")
    name = str(facts.get("name") or "")
    if not resource and not name:
        return None
    kind, _, group = resource.partition(".")
    derived: dict[str, Any] = {"kind": kind or resource}
    if group:
        derived["api_group"] = group
    owner = "the operator that owns it"
    if group.endswith("ray.io"):
        owner = "the KubeRay operator"
    elif group.endswith("kubeflow.org"):
        owner = "the Kubeflow controller (training-operator / Katib / notebook)"
    elif group.endswith("kserve.io") or group.endswith("serving.kubeflow.org"):
        owner = "the KServe controller"
    elif group.endswith("kueue.x-k8s.io"):
        owner = "Kueue"
    elif group.endswith("volcano.sh"):
        owner = "Volcano"
    derived["owner"] = owner
    text = (
        f"{owner} tried to write {kind or resource} '{name}' from a stale copy (its resourceVersion changed "
        "since it was read); the API server refused that one write and the controller re-reads and retries "
        "on the next reconcile. This line alone is not the failure: look for the error that stays."
    )
    fix = [
        f"kubectl get {resource or kind} {name} -o yaml  # status/conditions hold the real state",
        "Look in the same controller log for errors that repeat with the same object after the retries, and in the pods' own logs",
    ]
    return Explanation(text=text, fix=fix, derived=derived)
