"""Computed diagnosis for mlflow.rest-request-failed: who answered the request, from the status and body."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOCAL_5000 = re.compile(r"(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]):5000\b")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("status")
    body = str(facts.get("body") or "").strip()
    endpoint = str(facts.get("endpoint") or "")
    uri = str(facts.get("tracking_uri") or "")
    where = uri or endpoint
    low = body.lower()
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if not endpoint:
        derived["endpoint"] = uri or "the tracking server"
    if facts.get("not_json"):  # HTTP 200 with HTML
        derived["status"] = 200
        derived["hint"] = ", but with an HTML page instead of MLflow JSON (login page, proxy or UI path)"
        parts.append("The tracking URI answered 200 with an HTML page instead of MLflow JSON: a login/SSO page from a proxy, or the UI path instead of the server root.")
        fix.append("Point MLFLOW_TRACKING_URI at the server root that serves /api/2.0/mlflow/ (no #/ UI path), and give the proxy credentials the API accepts "
                   "(MLFLOW_TRACKING_TOKEN for a bearer token, MLFLOW_TRACKING_USERNAME/PASSWORD for basic auth).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if status is None:  # legacy "failed to return code 200 after N tries"
        derived["status"] = "non-200"
        derived["hint"] = " after all retries"
        parts.append("The client retried and the server never answered 200. The retry lines above it (failed with code N != 200 ... API response body) "
                     "show the status and who answered: 5xx = a server-side failure, 401/403 = authentication or permission.")
        fix.append("Read the tracking server's log for the failing endpoint; check MLFLOW_TRACKING_URI and credentials (MLFLOW_TRACKING_USERNAME/PASSWORD or MLFLOW_TRACKING_TOKEN).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if "dns rebinding" in low or "invalid host header" in low:
        derived["hint"] = " (MLflow 3.x rejected the Host header)"
        parts.append("MLflow 3.x's security middleware rejected the Host header the client sent: the server was not started with this hostname in --allowed-hosts "
                     "(defaults cover localhost and private IPs, not service or DNS names).")
        fix.append("Restart the server with --allowed-hosts '<hostname clients use>,<hostname>:<port>' (e.g. mlflow,mlflow:5000), or let clients use an allowed name.")
    elif status == 403 and not body and (_LOCAL_5000.search(where) or not where):
        derived["hint"] = " (empty body: on macOS, likely the AirPlay Receiver on port 5000)"
        parts.append(
            "403 with an empty body is not an MLflow answer. On macOS the AirPlay Receiver listens on port 5000, MLflow's default, and answers every request with 403; "
            "elsewhere, a proxy or cloud permission layer refused without a message."
        )
        fix.append("Run MLflow on another port: mlflow server --port 5001 and MLFLOW_TRACKING_URI=http://127.0.0.1:5001 (or turn off AirPlay Receiver in System Settings).")
        fix.append("Not on macOS: check the identity/role the job runs as (AzureML Data Scientist role, Databricks permissions) and any proxy in front of the server.")
    elif status == 401 or "not authenticated" in low or "authorization required" in low or "unauthorized" in low:
        derived["hint"] = " (credentials missing or rejected)"
        parts.append("The server (MLflow basic-auth, or a proxy in front of it) requires credentials and the client sent none or wrong ones.")
        fix.append("export MLFLOW_TRACKING_USERNAME=<user> MLFLOW_TRACKING_PASSWORD=<password> (basic auth), or MLFLOW_TRACKING_TOKEN=<token> (bearer), in the training job's environment.")
    elif status == 403:
        derived["hint"] = " (authenticated but not allowed)"
        parts.append(f"The request was authenticated but refused{(': ' + body[:120]) if body else ''}. The user or identity lacks permission on this experiment, model or workspace.")
        fix.append("Grant the user READ/EDIT/MANAGE on the experiment (MLflow auth), or the workspace role (AzureML, Databricks) to the job's identity.")
    elif status == 404:
        derived["hint"] = " (endpoint not found: wrong tracking URI path)"
        parts.append(f"Nothing at {endpoint or 'the API path'} under this tracking URI: the URI includes a UI or proxy path, or a server/proxy of another kind answered.")
        fix.append("Set the tracking URI to the server root (http://host:port or the proxy prefix that maps to it); curl <uri>/api/2.0/mlflow/experiments/get-by-name?experiment_name=Default must return JSON.")
    elif isinstance(status, int) and status >= 500:
        derived["hint"] = " (server error)"
        parts.append(f"The server failed with HTTP {status}{(' (' + body[:120] + ')') if body else ''}: check the MLflow server and proxy logs (backend database, artifact store, crashed worker).")
        fix.append("Read the tracking server's log at the time of the error; restart it or fix its backend store connection.")
    else:
        derived["hint"] = ""
        return Explanation(text=f"The server answered HTTP {status} with a body that is not an MLflow error{(': ' + body[:120]) if body else ''}.", fix=(), derived=derived)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
