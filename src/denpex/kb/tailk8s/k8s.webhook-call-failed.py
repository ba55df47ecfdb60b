"""Computed diagnosis for k8s.webhook-call-failed: which Service, and why the call failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HOST = re.compile(r"https://(?P<svc>[a-z0-9][a-z0-9-]*)\.(?P<ns>[a-z0-9][a-z0-9-]*)\.svc")
_NOEP = re.compile(r'no endpoints available for service \\?"(?P<svc>[a-z0-9-]+)')

_OWNERS = (
    ("kserve", "KServe controller (kserve-controller-manager)"),
    ("cert-manager", "cert-manager's webhook (needs cert-manager fully started)"),
    ("kueue", "Kueue controller manager"),
    ("trainer.kubeflow.org", "Kubeflow Trainer controller manager"),
    ("training-operator", "Kubeflow training operator"),
    ("kubeflow.org", "a Kubeflow controller"),
    ("ray", "KubeRay operator"),
    ("volcano", "Volcano admission service"),
    ("istio", "istiod (sidecar injector)"),
    ("katib", "Katib controller"),
    ("nvidia", "NVIDIA GPU operator"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    webhook = str(facts.get("webhook") or "")
    detail = str(facts.get("detail") or "")
    if not webhook:
        return None
    m = _HOST.search(detail)
    svc, ns = (m.group("svc"), m.group("ns")) if m else ("", "")
    if not svc:
        e = _NOEP.search(detail)
        svc = e.group("svc") if e else ""
    owner = next((o for key, o in _OWNERS if key in webhook or key in svc), "the operator that registered this webhook")
    low = detail.lower()
    nsarg = f"-n {ns} " if ns else "-A "
    where = f"Service {svc}" + (f" in namespace {ns}" if ns else "") if svc else "its Service"
    if "no endpoints available" in low:
        cause = "no ready pod behind the Service"
        text = f"The webhook {webhook} points at {where}, which has no ready pod: {owner} is not running, Pending or crash-looping."
        fix = (f"kubectl get pods {nsarg}-o wide | grep -i {svc or webhook.split('.')[0]}  # why is the webhook pod not Ready?",
               "Fix that pod (describe/logs), then retry the apply.")
    elif "connection refused" in low:
        cause = "webhook pod not listening (starting or crashed)"
        text = (f"The API server reached {where} but nothing listened: {owner} is still starting (often waiting for its "
                "certificate) or restarting. This is the usual race right after installing an operator.")
        fix = (f"kubectl rollout status {nsarg}deploy/<webhook deployment>; kubectl get endpoints {nsarg}{svc or '<service>'}",
               "Retry the apply once the pod is Ready (add kubectl wait / helm --wait to install scripts).")
    elif "x509" in low or "certificate" in low:
        cause = "TLS certificate / caBundle mismatch"
        text = (f"The webhook {webhook} answered with a certificate the configured caBundle does not trust: the CA injection "
                "(cert-manager cainjector or the operator's own cert rotation) has not run, or the secret was regenerated.")
        fix = (f"kubectl get certificate {nsarg}; kubectl logs -n cert-manager deploy/cert-manager-cainjector | tail",
               "Restart the cainjector / the operator deployment after the Certificate is Ready, then retry.")
    elif "deadline exceeded" in low or "i/o timeout" in low or "timeout" in low and "?timeout" not in low:
        cause = "control plane cannot reach the webhook pod"
        text = (f"The call to {where} timed out: the control plane has no network path to the pod's port (private GKE/EKS/AKS "
                "firewall, NetworkPolicy) or the webhook is overloaded.")
        fix = ("Allow the control-plane CIDR to reach the webhook's targetPort (e.g. 9443/8443) on the nodes; check NetworkPolicies in that namespace.",
               f"kubectl get svc {nsarg}{svc or '<service>'} -o jsonpath='{{.spec.ports}}'  # the targetPort to open")
    else:
        cause = "webhook call error"
        text = f"The API server could not complete the admission call to {webhook} ({where}): {detail[:160]}"
        fix = ("kubectl get validatingwebhookconfiguration,mutatingwebhookconfiguration -o wide | grep -i " + webhook.split(".")[0],
               "Check the webhook deployment's pods and logs; delete leftover configurations of uninstalled operators.")
    return Explanation(text=text, fix=fix, derived={"service": svc, "namespace": ns, "cause": cause})
