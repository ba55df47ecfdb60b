"""Computed diagnosis for k8s.config-error: the exact object or key to create."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "").lower()
    name = facts.get("name")
    key = facts.get("key")
    ns = facts.get("namespace")
    problem = str(facts.get("problem") or "")
    ns_opt = f" -n {ns}" if ns else " -n <pod namespace>"
    if key and name:
        text = f"The {kind} {ns + '/' if ns else ''}{name} exists but has no key '{key}', which the container's env references."
        fix = (f"kubectl get {kind} {name}{ns_opt} -o jsonpath='{{.data}}'  # list its keys",
               f"kubectl patch {kind} {name}{ns_opt} --type merge -p '{{\"stringData\":{{\"{key}\":\"<value>\"}}}}'" if kind == "secret"
               else f"kubectl patch configmap {name}{ns_opt} --type merge -p '{{\"data\":{{\"{key}\":\"<value>\"}}}}'",
               "Or correct secretKeyRef/configMapKeyRef.key in the pod spec, or mark it optional: true.")
        return Explanation(text=text, fix=fix, derived={"missing": f"{kind}/{name}:{key}"})
    if name and kind in ("secret", "configmap"):
        create = (f"kubectl create secret generic {name}{ns_opt} --from-literal=<KEY>=<value>" if kind == "secret"
                  else f"kubectl create configmap {name}{ns_opt} --from-literal=<KEY>=<value>")
        text = (f"The {kind} '{name}' referenced by the container does not exist in the pod's namespace, so the container is never "
                "created. It starts by itself once the object exists.")
        return Explanation(text=text,
                           fix=(f"kubectl get {kind} -A | grep {name}  # in another namespace, or a different name?",
                                create,
                                "Or fix the name in the pod spec / Helm values, or set optional: true on the reference."),
                           derived={"missing": f"{kind}/{name}"})
    if "root" in problem or "non-numeric" in problem:
        if "non-numeric" in problem:
            text = "runAsNonRoot is required but the image's USER is a name, which the kubelet cannot verify is non-root."
        else:
            text = "runAsNonRoot is required but the image runs as root and the pod sets no runAsUser."
        return Explanation(text=text, fix=("Set securityContext.runAsUser: 1000 (numeric, non-root) on the container or pod",
                                           "Or rebuild the image with a numeric non-root USER (e.g. USER 1000)."))
    return Explanation(text="The kubelet could not build the container's config; the pod's events name the missing object or key.",
                       fix=("kubectl describe pod <pod> | grep -B1 -A2 'Error:'",))
