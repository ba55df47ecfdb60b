"""Computed diagnosis for ray.not-started: client-mode vs per-process connection."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exception") or "")
    hint = str(facts.get("client_hint") or "")
    era = " (RayConnectionError: Ray before ~1.2; consider upgrading)" if exc == "RayConnectionError" else ""
    if hint.startswith("ray://") or hint in ("ray.util.connect", "ray/util/client", "client_mode_hook"):
        diagnosis = "Ray Client call outside a live client session"
        text = (f"The log shows Ray Client ({hint}): the call reached the local, never-started worker because the client "
                f"session was not active in that context or had dropped{era}.")
        fix = ("Connect with ray.init('ray://<head>:10001') in the same process/thread that makes the call, keep client "
               "and cluster Ray versions equal, or run the driver on the cluster with ray job submit.",)
    elif hint == "ray.shutdown()":
        diagnosis = "Ray API used after ray.shutdown()"
        text = f"ray.shutdown() appears before the failure: later Ray calls in this process have no cluster{era}."
        fix = ("Move ray.shutdown() after the last Ray call (or call ray.init() again before reuse).",)
    else:
        diagnosis = "process not connected to Ray"
        text = (f"This process never called ray.init() or is a child of the process that did{era}: the connection "
                "is per process.")
        fix = ("Call ray.init() (address='auto' to join a running cluster) in this process before the first Ray call, "
               "or replace multiprocessing children with Ray tasks/actors.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
