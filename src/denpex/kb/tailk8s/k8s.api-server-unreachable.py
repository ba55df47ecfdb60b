"""Computed diagnosis for k8s.api-server-unreachable: no kubeconfig vs control plane down vs network vs certificates."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADDR = re.compile(r"(?:https?://)?(?P<addr>\[?[A-Za-z0-9.:<>-]+\]?:\d+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    server = str(facts.get("server") or "")
    reason = str(facts.get("reason") or "")
    if not server and not reason:
        return None
    if not server:
        m = _ADDR.search(reason)
        server = m.group("addr") if m else ""
    low = reason.lower()
    port = server.rsplit(":", 1)[-1] if ":" in server else ""
    if server.startswith(("localhost:8080", "127.0.0.1:8080", "[::1]:8080")):
        cause = "no kubeconfig found"
        text = ("kubectl used its built-in default localhost:8080: no kubeconfig was found for this user/environment "
                "(KUBECONFIG unset, command run with sudo or as root, a worker node without admin.conf, or a pod/CI job without credentials).")
        fix = ("export KUBECONFIG=<path to the cluster's kubeconfig>  (kubeadm: /etc/kubernetes/admin.conf copied to ~/.kube/config; k3s: /etc/rancher/k3s/k3s.yaml)",
               "kubectl config view --minify  # must show a server; cloud clusters: gcloud/aws/az ... get-credentials",
               "Do not run kubectl/helm with sudo unless root has the kubeconfig (sudo -E keeps KUBECONFIG).")
    elif "x509" in low or "certificate" in low:
        cause = "certificate mismatch or expiry"
        if "expired" in low or "not yet valid" in low:
            text = "The API server certificate (or the client certificate in the kubeconfig) has expired or the clock is wrong."
            fix = ("sudo kubeadm certs check-expiration; sudo kubeadm certs renew all; restart the control-plane static pods; refresh ~/.kube/config from admin.conf",
                   "Check the machine clocks (timedatectl).")
        else:
            text = ("The API server presented a certificate the kubeconfig's CA does not trust: the kubeconfig is from a previous "
                    "cluster (reinstalled/rebuilt), or a proxy intercepts TLS.")
            fix = ("Fetch the current kubeconfig of this cluster (admin.conf / get-credentials) instead of the old one.",
                   "Behind a TLS-intercepting proxy: add the cluster address to NO_PROXY.")
    elif "refused" in low or (server and not reason):
        cause = "API server not running"
        text = (f"Nothing accepted the connection at {server or 'the API address'}: the kubeconfig is right but the control plane is down "
                + ("(port 6443: kube-apiserver static pod not running - kubelet stopped, swap on after a reboot, etcd down)." if port == "6443" else
                   "(minikube/kind/k3s/Docker Desktop cluster stopped, or kube-apiserver not running)."))
        fix = ("On the control-plane node: sudo swapoff -a; sudo systemctl restart containerd kubelet; sudo crictl ps -a | grep -E 'kube-apiserver|etcd'",
               "Local clusters: minikube start / docker start <kind-control-plane> / sudo systemctl start k3s.")
    elif "timeout" in low or "no route" in low or "no such host" in low or "deadline" in low:
        cause = "API endpoint unreachable from here"
        text = ("The API server address could not be reached in time: no network path (VPN off, private cluster endpoint, firewall, "
                "proxy settings) or a stopped VM behind that address.")
        fix = ("curl -k --max-time 5 https://<server>/version  # test the path; connect the VPN / authorise this network on the cluster endpoint",
               "Set NO_PROXY for the API address if HTTPS_PROXY is set; minikube: minikube status / minikube start.")
    else:
        cause = "API server unreachable"
        text = f"kubectl/helm could not talk to the API server: {reason[:160]}"
        fix = ("kubectl config view --minify; kubectl cluster-info -v=6  # which server, which error",)
    return Explanation(text=text, fix=fix, derived={"cause": cause, "server": server})
