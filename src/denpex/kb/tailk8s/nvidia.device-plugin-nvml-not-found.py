"""Computed diagnosis for nvidia.device-plugin-nvml-not-found: which plugin generation, and the runtime fix for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    detail = str(facts.get("detail") or "")
    if not sig:
        return None
    default_fix = ("sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default && sudo systemctl restart containerd  # docker/crio: --runtime=docker|crio",
                   "kubectl delete pod -n <ns> -l <device-plugin selector>  # recreate the plugin pod under the nvidia runtime")
    if sig == "failed-to-initialize-nvml":
        text = ("Device plugin 1.x/v0.9-v0.14: NVML could not be loaded in the plugin container. These versions expect the node's "
                "default runtime to be nvidia (Docker: \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json; containerd: default_runtime_name = \"nvidia\").")
        fix = ("Docker nodes: set \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker (or nvidia-ctk runtime configure --runtime=docker --set-as-default).",) + default_fix
        diagnosis = "legacy plugin, nvidia runtime not default"
    elif sig == "incompatible-strategy-auto":
        text = (f"Device plugin v0.15+: discovery strategy '{detail or 'auto'}' found neither NVML nor a Tegra platform in its container, "
                "so the container was not created by the NVIDIA runtime (runc default, or no runtimeClassName: nvidia on k3s/RKE2).")
        fix = ("k3s/RKE2/microk8s: helm upgrade ... --set runtimeClassName=nvidia (a RuntimeClass 'nvidia' must exist).",) + default_fix
        diagnosis = "plugin container not started by the nvidia runtime"
    elif sig == "nvml-library-not-found":
        text = ("Device plugin v0.16+: NVML init returned ERROR_LIBRARY_NOT_FOUND: libnvidia-ml.so.1 is not in the plugin container "
                "(nvidia runtime not used for it, or the driver root is not where the plugin looks).")
        fix = default_fix + ("If the driver is under /run/nvidia/driver (GPU operator) or another root, set nvidiaDriverRoot accordingly.",)
        diagnosis = "NVML library missing in plugin container"
    else:
        lib = "libnvidia-ml.so.1" if "libnvidia-ml" in detail else "the NVML library"
        text = (f"The plugin could not load {lib} ({detail[:100]}); MIG strategies and NVML discovery are disabled, so the node "
                "advertises no (or the wrong) GPU resources.")
        fix = default_fix
        diagnosis = "NVML not detected"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
