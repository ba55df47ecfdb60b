"""Computed diagnosis for openmpi.lost-remote-daemon: which node went away and what kind it is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POD = re.compile(r"-(?:worker|launcher)-\d+")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = facts.get("remote_node")
    if not node:
        return None
    node = str(node)
    runtime = str(facts.get("runtime") or "ORTE")
    hnp = facts.get("hnp_node")
    vpid = facts.get("daemon_vpid")
    where = f"daemon {vpid} on {node}" if vpid is not None else f"the daemon on {node}"
    head = f" (mpirun runs on {hnp})" if hnp else ""
    if _POD.search(node):
        diagnosis = "Kubernetes worker pod died"
        text = (f"{runtime} lost {where}{head}. The name looks like an MPIJob/Kubeflow pod: the pod was most likely "
                "OOMKilled (exit code 137), evicted or rescheduled, taking its daemon and ranks with it.")
        fix = (f"kubectl describe pod {node} (Last State / Reason) and kubectl get events; raise the worker memory limit "
               "or lower per-pod memory use.",)
    else:
        diagnosis = f"node {node} or the network to it failed"
        text = (f"{runtime} lost {where}{head}: that node died, was OOM-killed, preempted or rebooted, or the TCP path to it "
                "broke (wrong interface, firewall, idle drop).")
        fix = (f"ssh {node} 'uptime; dmesg -T | tail -n 50' to see whether it rebooted or killed processes.",
               "Pin interfaces: mpirun --mca oob_tcp_if_include <if> --mca btl_tcp_if_include <if> ...")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
