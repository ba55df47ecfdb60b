"""Computed diagnosis for k8s.pod-evicted: the container's usage versus its request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUFFIX = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "": 1}


def _quantity(text: Any) -> float | None:
    if text is None:
        return None
    s = str(text).strip()
    for suf in ("Ki", "Mi", "Gi", "Ti", "K", "M", "G", "T", ""):
        if s.endswith(suf) and s[: len(s) - len(suf)].replace(".", "", 1).isdigit():
            return float(s[: len(s) - len(suf)]) * _SUFFIX[suf]
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = facts.get("resource")
    container = facts.get("container")
    ki = facts.get("container_mem_ki")
    usage = ki * 1024 if isinstance(ki, int) else _quantity(facts.get("container_usage"))
    request = _quantity(facts.get("request"))
    limit = facts.get("limit")
    if facts.get("volume") and limit:
        return Explanation(
            text=f"The emptyDir volume {facts['volume']} grew past its sizeLimit {limit}, so the kubelet evicted the pod.",
            fix=(f"Raise sizeLimit of {facts['volume']} above the real usage (and the pod's memory request if medium: Memory), or write less to it.",),
        )
    if container and limit:
        return Explanation(
            text=f"Container {container} wrote more local ephemeral storage than its limit {limit}.",
            fix=("Move large writes (checkpoints, datasets) to a PersistentVolume, or raise resources.limits.ephemeral-storage.",),
        )
    if resource is None and facts.get("condition") is None:
        return None
    derived: dict[str, Any] = {}
    parts = [f"The node ran low on {resource or facts.get('condition')} and the kubelet evicted pods to reclaim it."]
    if facts.get("threshold") and facts.get("available"):
        parts.append(f"Eviction threshold {facts['threshold']}, available {facts['available']}.")
    fix: list[str] = []
    if usage is not None:
        gib = usage / 1024**3
        derived["container_usage_gib"] = round(gib, 2)
        if request is not None and request > 0:
            parts.append(
                f"Container {container} used {gib:.2f} GiB, {usage / request:.1f}x its request of {facts.get('request')}, which put it near the front of the eviction order."
            )
        else:
            derived["qos"] = "BestEffort-or-no-request"
            parts.append(
                f"Container {container} used {gib:.2f} GiB with a request of {facts.get('request', '0')}: any usage is above a zero request, so it was among the first pods chosen."
            )
        want = max(1, int(gib * 1.2 + 0.999))
        if resource in (None, "memory"):
            fix.append(f"Set resources.requests.memory and limits.memory for {container} to about {want}Gi (measured {gib:.1f} GiB + 20%) so the pod is Guaranteed QoS.")
    if resource and resource != "memory":
        fix.append("Move bulky writes off the node's disk (PersistentVolume) and set ephemeral-storage requests/limits.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
