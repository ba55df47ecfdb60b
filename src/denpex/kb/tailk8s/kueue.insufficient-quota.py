"""Computed diagnosis for kueue.insufficient-quota: waiting for free quota vs a request that can never fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    res = str(facts.get("resource") or "")
    flavor = str(facts.get("flavor") or "")
    if not res or not flavor:
        return None
    podset = str(facts.get("podset") or "")
    ps = f" (pod set {podset})" if podset else ""
    if sig == "insufficient-unused-quota":
        needed = str(facts.get("needed") or "?")
        return Explanation(
            text=(f"Quota for {res} in flavor {flavor} is currently used by admitted workloads; this workload{ps} needs {needed} more "
                  "than is free. It is queued, not broken: it starts when quota frees up (or preempts lower-priority work if allowed)."),
            fix=(f"kubectl get clusterqueue -o custom-columns=NAME:.metadata.name,USAGE:.status.flavorsUsage  # who holds {res}",
                 "Wait, delete finished/stuck workloads, or enable preemption / cohort borrowing for this ClusterQueue."),
            derived={"kind": "waiting for free quota"},
        )
    request = str(facts.get("request") or "")
    capacity = str(facts.get("capacity") or "")
    r, c = as_float(request), as_float(capacity)
    over = ""
    if r is not None and c is not None and c >= 0:
        over = f" by {r - c:g}" if r > c else ""
    if sig == "podsets-over-maximum-capacity":
        prev = str(facts.get("needed") or "?")
        text = (f"The pod sets together need {prev} + {request} of {res}, more than flavor {flavor} can ever provide ({capacity}, "
                "nominal quota plus borrowing): the workload will never be admitted in this flavor as it is.")
    else:
        zero = " The flavor has no quota at all for this resource (capacity 0): the resource is not covered in that ClusterQueue flavor." if c == 0 else ""
        text = (f"The workload{ps} requests {request} of {res} but flavor {flavor} can never offer more than {capacity} "
                f"(nominal quota plus borrowing){over and ', it is over' + over}: it will wait forever.{zero}")
    return Explanation(
        text=text,
        fix=(f"Raise nominalQuota (or borrowingLimit) of {res} in flavor {flavor} of the ClusterQueue to at least {request or 'the request'}, "
             "or reduce replicas / per-pod requests so the total fits.",
             "Or add another flavor the job may use (flavorFungibility) / send the job to a larger ClusterQueue via its LocalQueue."),
        derived={"kind": "request exceeds maximum capacity"},
    )
