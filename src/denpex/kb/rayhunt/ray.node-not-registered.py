"""Computed diagnosis for ray.node-not-registered: names the Ray generation from the store the driver waited on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    store = facts.get("store")
    if facts.get("_signature") == "no-node-ip-file":
        return Explanation(
            text=f"The driver found no node_ip_address.json in {facts.get('session_dir', 'the session dir')}: Ray was not started on this machine (or under another temp dir).",
            fix=("Run the driver on a node where ray start ran (same --temp-dir), or submit it with ray job submit / connect with ray://<head>:10001.",),
            derived={"store_text": ""},
        )
    if not store:
        return None
    era = "Ray 0.x/early 1.x (Redis)" if store == "Redis" else "Ray 1.x-2.x (GCS)"
    return Explanation(
        text=f"The driver asked the {store} for a raylet on its own node IP and found none ({era}).",
        fix=("Check `ray status` lists this machine; if not, run the driver on a cluster node or use ray job submit / ray://.",
             "If it is listed under another IP, pin --node-ip-address on ray start and _node_ip_address in ray.init."),
        derived={"store_text": f" (waited on {store})"},
    )
