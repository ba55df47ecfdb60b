"""Computed diagnosis for k8s.unschedulable-gpu: read the scheduler's per-reason node counts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ITEM = re.compile(r"(\d+) ([^,]+?)(?=, \d+ |$)")
_TAINT = re.compile(r"\{([^:}]+)(?::\s*([^}]*))?\}")


def _items(reasons: str) -> list[tuple[int, str]]:
    return [(int(n), text.strip().rstrip(".")) for n, text in _ITEM.findall(reasons.strip())]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    total = facts.get("total")
    reasons = str(facts.get("reasons") or "")
    resource = facts.get("resource")
    short = facts.get("short_nodes")
    req = facts.get("gpu_requested")
    items = _items(reasons) if reasons else []
    if resource and not any("Insufficient" in t for _, t in items):
        items.append((short or 0, f"Insufficient {resource}"))
    if total is None and not items:
        return Explanation(
            text="The scheduler has no schedulable node at all (no nodes, or all cordoned / not ready).",
            fix=("kubectl get nodes  # are there Ready, schedulable nodes?",),
        )
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    listed = ", ".join(f"{n} x {t}" for n, t in items)
    where = f"none of the {total} node(s) passed" if total is not None else "no node passed"
    parts.append(f"The pod stays Pending: {where} the scheduler's checks" + (f" ({listed})." if listed else "."))
    for n, text in items:
        if text.startswith("Insufficient "):
            res = text.split(" ", 1)[1]
            if "/" in res:  # an extended resource: GPU, MIG, TPU, Neuron ...
                derived["accelerator"] = res
                want = f" (the pod asks for {req})" if req else ""
                parts.append(
                    f"{n} node(s) do not have {res} free{want}: all of it is allocated to other pods, the request is more than one node has, or the node advertises none (device plugin not running)."
                )
                fix.append(f"kubectl get nodes -o custom-columns=NAME:.metadata.name,ALLOC:.status.allocatable.{res.replace('.', chr(92) + '.')}  # <none>/0 = device plugin not advertising")
                fix.append(f"kubectl describe node <gpu-node> | grep -A10 'Allocated resources'  # who holds {res}; lower the request per pod to at most the GPUs per node")
            else:
                fix.append(f"Lower the pod's {res} request or add nodes with more {res}.")
        elif "taint" in text:
            taints = [f"{k}" + (f"={v.strip()}" if v and v.strip() else "") for k, v in _TAINT.findall(text)]
            if taints:
                derived.setdefault("taints", []).extend(taints)
            key = _TAINT.findall(text)[0][0] if _TAINT.findall(text) else "<key>"
            if "control-plane" in key or "master" in key:
                continue  # control-plane nodes are excluded on purpose
            fix.append(f"Add a toleration for the taint {taints[0] if taints else key}: tolerations: [{{key: {key}, operator: Exists, effect: NoSchedule}}] (or remove the taint if it is stale, e.g. not-ready / unreachable / disk-pressure).")
        elif "affinity" in text or "selector" in text:
            fix.append("Check the pod's nodeSelector / affinity labels against kubectl get nodes --show-labels (e.g. the GPU type label).")
        elif "unschedulable" in text:
            fix.append("Some nodes are cordoned (kubectl uncordon <node> once they are healthy).")
        elif "PersistentVolumeClaim" in text or "volume" in text:
            fix.append("A PersistentVolumeClaim is not bound / its volume is in another zone: kubectl get pvc.")
    if not fix:
        fix.append("kubectl describe nodes | grep -E 'Name:|Taints:|Allocated' -A6  # compare with the pod's requests")
    return Explanation(text=" ".join(parts), fix=tuple(dict.fromkeys(fix)), derived=derived)
