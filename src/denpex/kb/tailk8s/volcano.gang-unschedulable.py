"""Computed diagnosis for volcano.gang-unschedulable: counts vs minAvailable."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATE = re.compile(r"(\d+) ([A-Za-z]+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        pending = int(facts["pending"])
        tasks = int(facts["tasks"])
        minav = int(facts["min_available"])
    except (KeyError, TypeError, ValueError):
        return None
    states = {s: int(n) for n, s in _STATE.findall(str(facts.get("states") or ""))}
    releasing = states.get("Releasing", 0)
    succeeded = states.get("Succeeded", 0)
    if tasks == 0 or tasks < minav and pending == 0:
        diagnosis = "pods not created / not enqueued"
        text = (f"The PodGroup needs {minav} task(s) but Volcano sees {tasks}: the job's pods are not created or counted yet. "
                "The PodGroup is usually stuck in Pending/Inqueue because its minResources do not fit the queue's capability or the cluster.")
        fix = ("kubectl describe podgroup <pg>; kubectl get queue <queue> -o yaml  # minResources vs queue capability / allocated",
               "Raise the queue capability or lower minResources/minAvailable; check the job controller created the pods.")
    elif releasing:
        diagnosis = "previous pods still releasing resources"
        text = (f"{releasing} pod(s) of an earlier attempt are still Releasing (terminating) and hold resources; the gang needs {minav} at once.")
        fix = ("kubectl get pods -n <ns> | grep Terminating  # wait, or force-delete stuck ones after checking their node",)
    elif tasks < minav:
        diagnosis = "minAvailable above task count"
        text = (f"minAvailable is {minav} but the job only has {tasks} task(s){' (' + str(succeeded) + ' already Succeeded)' if succeeded else ''}: "
                "the gang can never be complete.")
        fix = (f"Set minAvailable <= {tasks} (the pods that must start together).",)
    else:
        diagnosis = "cluster/queue cannot fit the whole gang"
        text = (f"{pending} of {tasks} task(s) are pending and at least {minav} must start together: the free resources (on nodes matching "
                "the pods' selectors) or the Volcano queue's share cannot hold that many pods at once, so none is bound.")
        fix = ("kubectl describe nodes | grep -A8 'Allocated resources'  # free nvidia.com/gpu per node vs per-pod request",
               f"Free/add capacity for {minav} pods at once, move the job to a queue with room, or lower replicas/minAvailable.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
