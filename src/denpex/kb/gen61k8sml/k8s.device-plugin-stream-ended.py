"""Computed diagnosis for k8s.device-plugin-stream-ended: why the kubelet lost its device plugin stream."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX = re.compile(r"larger than max \((\d+) vs\. (\d+)\)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = str(facts.get("resource") or "")
    err = str(facts.get("error") or "")
    if not resource and not err:
        return None
    derived: dict[str, Any] = {}
    fix: list[str] = []
    m = _MAX.search(err)
    if m:
        size, limit = int(m.group(1)), int(m.group(2))
        derived["cause"] = "device list larger than the kubelet's gRPC message limit"
        derived["message_bytes"] = size
        derived["limit_bytes"] = limit
        text = (
            f"The device plugin for {resource or 'the resource'} advertised a device list of {size} bytes, over the kubelet's "
            f"{limit}-byte gRPC limit: too many (virtual) devices per node, e.g. GPU-memory or time-slicing units."
        )
        fix.append("Advertise fewer devices: larger memory units (gpushare: GiB instead of MiB) or fewer time-slicing replicas")
    elif "EOF" in err or "Unavailable" in err or "Canceled" in err or "closing" in err:
        derived["cause"] = "device plugin process stopped or restarted"
        text = (
            f"The kubelet's ListAndWatch stream to the {resource or 'device'} plugin closed: the plugin pod/process stopped "
            "(restart, crash, DaemonSet rollout, SIGTERM) and the node advertises 0 of this resource until it registers again. "
            "The plugin's own log says why it stopped."
        )
        fix.append("kubectl -n <ns> logs <device-plugin-pod> --previous  # why it stopped: NVML init error, received signal terminated ...")
        fix.append("kubectl describe pod <device-plugin-pod>  # Last State / liveness probe / OOMKilled")
        fix.append(f"kubectl get node <node> -o jsonpath='{{.status.allocatable}}'  # {resource or 'the resource'} back above 0?")
    else:
        derived["cause"] = "stream error"
        text = f"The kubelet lost the ListAndWatch stream of the {resource or 'device'} plugin: {err}"
    return Explanation(text=text, fix=fix, derived=derived)
