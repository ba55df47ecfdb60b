"""Computed diagnosis for k8s.node-not-ready: unreachable node vs an unhealthy kubelet component."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DETAIL = (
    (("network not ready", "networkpluginnotready", "cni"),
     "the CNI network plugin is not ready on the node",
     "kubectl -n kube-system get pods -o wide | grep <node>  # repair the CNI daemonset pod (calico / cilium / flannel) on that node"),
    (("pleg is not healthy",),
     "the kubelet's pod lifecycle event generator is stuck (the container runtime answers too slowly - often processes in uninterruptible I/O or a wedged GPU driver)",
     "On the node: journalctl -u kubelet -u containerd; dmesg -T | grep -iE 'xid|hung task|blocked for more than'"),
    (("container runtime is down", "container runtime status check", "runtime network not ready", "containerd"),
     "the container runtime (containerd / CRI-O) is down or not answering",
     "On the node: systemctl status containerd; journalctl -u containerd -b"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = facts.get("node")
    pod = facts.get("pod")
    detail = str(facts.get("detail") or "")
    where = f"Node {node}" if node else "The node"
    low = detail.lower()
    for needles, cause, fix in _DETAIL:
        if low and any(n in low for n in needles):
            return Explanation(
                text=f"{where} reports Ready=False (KubeletNotReady): {cause}. Pods cannot start or be managed there until it is fixed.",
                fix=(fix.replace("<node>", str(node or "<node>")), f"kubectl describe node {node or '<node>'} | sed -n '/Conditions/,/Addresses/p'"),
            )
    if pod:
        return Explanation(
            text=f"{where} stopped responding while it ran pod {pod}; the pod was deleted (NodeLost) but cannot finish terminating until the node comes back or is removed.",
            fix=(
                f"Find out what happened to {node or 'the node'} (cloud console / BMC, then journalctl -u kubelet -b -1 and dmesg on it).",
                f"If the node is gone for good: kubectl delete node {node or '<node>'} (or kubectl delete pod {pod} --grace-period=0 --force) so the pod can be recreated elsewhere; resume the job from its checkpoint.",
            ),
        )
    return Explanation(
        text=f"{where} went NotReady: the control plane stopped hearing from its kubelet (machine down, rebooted, hung, or partitioned) or the kubelet reported itself unhealthy. Pods on it are lost; peers of a distributed job then fail with connection or timeout errors.",
        fix=(
            f"kubectl describe node {node or '<node>'} | sed -n '/Conditions/,/Addresses/p'  # Unknown = unreachable, False = kubelet component unhealthy",
            "Check the machine (cloud console / BMC), then dmesg and journalctl -u kubelet on it for the reason (Xid / ECC errors, kernel panic, OOM, disk full).",
            "Resume the job from its last checkpoint once its pods run on Ready nodes.",
        ),
    )
