"""Computed diagnosis for ray.object-lost: what each error class means and where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CLASSES = {
    "OwnerDiedError": ("the worker that created the ObjectRef (its owner) has exited, taking the object's metadata with it",
                       "Find why the owner exited: its worker log on {where}; look for memory kills and actor deaths before this error."),
    "ObjectLostError": ("every copy of the object was on nodes that died and it could not be recomputed",
                        "ray list nodes --filter state=DEAD; find why those nodes died (OOM, preemption, raylet crash)."),
    "ObjectReconstructionFailedError": ("its copies were lost and it cannot be recomputed because it was created by ray.put, an actor, or another worker",
                                        "Create such objects in a long-lived owner, or write them to durable storage."),
    "ObjectReconstructionFailedMaxAttemptsExceededError": ("Ray re-ran the creating task to rebuild it, and every retry failed",
                                                           "Fix the creating task's failure; raise @ray.remote(max_retries=...) for transient ones."),
    "ObjectReconstructionFailedLineageEvictedError": ("its lineage was evicted under memory pressure, so it cannot be recomputed",
                                                      "Start Ray with RAY_max_lineage_bytes larger (default 1 GB)."),
    "ObjectFetchTimedOutError": ("no location was found for it within the fetch timeout",
                                 "Check node health and the raylet logs; this often follows a node failure."),
    "ReferenceCountingAssertionError": ("it was deleted by reference counting while still referenced (a Ray bug)",
                                        "Report it to Ray with a reproducer; upgrade Ray."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("error_class") or "")
    oid = facts.get("object_id")
    ip = facts.get("owner_ip")
    meaning, action = _CLASSES.get(cls, ("it could not be retrieved (the owner that created it exited or its node died)",
                                         "Check the driver and raylet logs for a worker or node death before this error."))
    where = f"node {ip} (/tmp/ray/session_latest/logs/)" if ip else "the node that ran it (/tmp/ray/session_latest/logs/)"
    text = f"ray.get failed for object {oid or '?'}: {meaning}. This is a consequence; the process or node that died is the cause."
    fix = [action.format(where=where)]
    if ip:
        fix.append(f"ssh {ip} 'ls -t /tmp/ray/session_latest/logs/ | head; dmesg -T | grep -i killed | tail'")
    return Explanation(text=text, fix=tuple(fix), derived={"error_meaning": meaning})
