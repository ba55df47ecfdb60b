"""Computed diagnosis for ray.serve-deployment-failed: where the replica's own error is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dep = str(facts.get("deployment") or "")
    failures = facts.get("failures")
    left = facts.get("retries_left")
    name = f"'{dep}'" if dep else "the deployment"
    if failures is None and left is not None:
        text = (f"A replica of {name} raised while starting; Serve will retry {left} more time(s) and then mark the "
                "deployment DEPLOY_FAILED. The retries will fail the same way unless the error was transient.")
    else:
        text = (f"Ray Serve could not construct a replica of {name}" + (f" {failures} times in a row" if failures else "")
                + " and gave up. The replica's own exception (printed after 'Error:' in Ray 2.6+, otherwise in the replica "
                "log) is the cause; this status message only wraps it.")
    app = str(facts.get("app") or "")
    if app and dep:
        log_glob = f"replica_{app}_{dep}_*.log"
    else:
        app, _, cls = dep.partition("_")
        log_glob = f"replica_{app}_{cls}_*.log" if cls else "replica_*.log"
    fix = ("serve status  # the deployment message with the replica traceback (Ray 2.6+)",
           f"tail -n 100 /tmp/ray/session_latest/logs/serve/{log_glob}  # on the replica's node",
           "Fix that exception (model path, GPU memory vs num_gpus, missing package in runtime_env, constructor args), then redeploy")
    return Explanation(text=text, fix=fix)
