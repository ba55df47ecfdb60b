"""Computed diagnosis for k8s.gpu-admission-failed: why the kubelet could not allocate devices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    res = str(facts.get("resource") or facts.get("resource_unhealthy") or "nvidia.com/gpu")
    req, avail = facts.get("requested"), facts.get("available")
    derived: dict[str, Any] = {}
    cleanup = "kubectl delete pod --field-selector=status.phase=Failed -n <ns>  # the rejected pods stay Failed; their controller recreates them"
    if req is not None and avail is not None:
        derived["kind"] = "count"
        derived["missing"] = int(req) - int(avail)
        text = (f"The scheduler placed the pod, but the node's kubelet had only {avail} free {res} of the {req} requested "
                "in its own books, so admission failed and the pod went straight to Failed.")
        if int(avail) == 0:
            text += (" Available 0 with GPUs that look free means stale kubelet allocations (force-deleted pods), pods bound with "
                     "spec.nodeName that bypassed the scheduler, or unhealthy devices.")
        fix = ("kubectl get pods -A -o wide --field-selector spec.nodeName=<node>  # who holds the GPUs; remove nodeName pinning",
               "If no running pod uses them: systemctl restart kubelet on the node (resets stale device allocations).",
               cleanup)
    elif facts.get("resource_unhealthy") or "healthy" in reason:
        derived["kind"] = "unhealthy"
        text = f"The device plugin reports every {res} device on the node unhealthy, so nothing can be allocated."
        fix = ("On the node: nvidia-smi (or rocm-smi); dmesg | grep -iE 'xid|amdgpu'  # driver or hardware fault",
               "Cordon the node, fix the driver/GPU (reboot, reset, replace), then restart the device plugin pod.",
               cleanup)
    elif "nvml.Init" in reason:
        derived["kind"] = "plugin-nvml-init"
        text = ("The NVIDIA device plugin could not initialise NVML while choosing devices (GetPreferredAllocation: error calling "
                "nvml.Init), so every GPU pod on the node is rejected until the plugin is fixed. The plugin keeps running in this "
                "state and does not restart itself; restarting the plugin pod cleared it in the reported case.")
        fix = ("kubectl -n <plugin namespace> delete pod <device-plugin pod on the node>  # a fresh plugin re-initialises NVML",
               "On the node: nvidia-smi  # if NVML fails here too, the driver itself is broken: fix or reboot the node",
               cleanup)
    elif "GPU is lost" in reason or "nvml" in reason:
        derived["kind"] = "gpu-lost"
        text = "The NVIDIA device plugin could not enumerate the GPUs (NVML: GPU is lost): a GPU fell off the bus, which blocks every allocation on the node."
        fix = ("Cordon and drain the node; check dmesg for Xid 79; reboot or replace the GPU.",
               "Set the plugin's --fail-on-init-error=false only as a stop-gap; the node needs repair.", cleanup)
    else:
        derived["kind"] = "plugin-rpc"
        text = f"The kubelet's call to the device plugin failed ({reason[:160]}): the plugin crashed, restarted, or disagrees with the scheduler about device IDs."
        fix = ("kubectl -n <plugin namespace> logs <device-plugin pod on the node> --previous",
               "Restart the device plugin pod; with HAMi/Volcano vGPU use matching scheduler and plugin versions.", cleanup)
    return Explanation(text=text, fix=fix, derived=derived)
