"""Computed diagnosis for mlflow.artifact-uri-unusable: why this client cannot use the artifact URI."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig in ("proxy-needs-http", "proxy-scheme-invalid"):
        turi = str(facts.get("tracking_uri") or "").rstrip(".")
        scheme = facts.get("scheme") or (turi.split(":", 1)[0] if ":" in turi else "")
        now = f" (now {turi})" if turi else (f" (scheme '{scheme}')" if scheme else "")
        return Explanation(
            text=(f"The run's artifacts live at an mlflow-artifacts:/ location served by a tracking server, but this client's "
                  f"tracking URI{now} is not http(s), so it cannot upload or download through that server."),
            fix=("export MLFLOW_TRACKING_URI=http://<server-host>:5000  # the server that created the experiment",
                 "or mlflow.set_tracking_uri('http://<server-host>:5000') before starting the run"),
            derived={"detail": f"mlflow-artifacts location with a {scheme or 'non-http'} tracking URI"})
    uri = str(facts.get("artifact_uri") or "")
    if not uri:
        return None
    if re.match(r"[A-Za-z]:[\\/]", uri):
        return Explanation(
            text=f"'{uri}' is a Windows path; MLflow parsed its drive letter as URI scheme '{uri[0].lower()}', which has no artifact repository.",
            fix=("Use a file URI: pathlib.Path(r'<path>').as_uri() -> file:///C:/... for the tracking URI / --default-artifact-root",
                 "Create a new experiment if the old one stored the bad artifact location"),
            derived={"detail": "Windows path used as URI"})
    m = re.match(r"([A-Za-z0-9.-]+):(\d+)", uri)
    if m:
        return Explanation(
            text=f"'{uri}' has no scheme: a host:port ({m.group(1)}:{m.group(2)}) was given where an http:// URI is needed.",
            fix=(f"Set MLFLOW_TRACKING_URI=http://{m.group(1)}:{m.group(2)} (with http://) and create a new experiment",),
            derived={"detail": "tracking URI without http://"})
    scheme = uri.split(":", 1)[0] if ":" in uri else ""
    return Explanation(
        text=f"No artifact repository is registered for scheme '{scheme}' ({uri}).",
        fix=(f"Install the MLflow plugin or client library that provides '{scheme}://' in this environment, or use a supported store",),
        derived={"detail": f"unregistered scheme {scheme}"})
