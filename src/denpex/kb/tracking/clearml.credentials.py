"""Computed diagnosis for clearml.credentials: not configured vs key unknown to the server vs wrong API address."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("status")
    server = str(facts.get("api_server") or "")
    reason = str(facts.get("reason") or "")
    call = str(facts.get("call") or "")
    derived: dict[str, Any] = {}
    if status is None and not reason and not call and not server:
        derived["problem"] = "not configured (no clearml.conf or CLEARML_API_* in this process)"
        return Explanation(
            text="The process that started ClearML has no clearml.conf and no CLEARML_API_* environment variables. Typical for a batch job, "
                 "container or CI runner, or for a framework integration that turned ClearML on because the package is installed.",
            fix=("Run clearml-init on that machine, or export CLEARML_API_HOST / CLEARML_WEB_HOST / CLEARML_FILES_HOST / CLEARML_API_ACCESS_KEY / "
                 "CLEARML_API_SECRET_KEY in the job's environment.",
                 "Not using ClearML: pip uninstall clearml, or disable the integration (ultralytics `yolo settings clearml=False`)."),
            derived=derived,
        )
    if "locate provided credentials" in reason or status == 401 or call:
        where = server or "the API server"
        derived["problem"] = f"key unknown to {where} (401)"
        text = (f"{where} does not have this access key in its database (\"failed to locate provided credentials\"). The key pair was "
                "created on another server (app.clear.ml vs self-hosted), before the server's data was reset, or it is a docker-compose default.")
        fix = [f"Open the web UI of the server behind {where} (Settings > Workspace), create new credentials, and replace the key pair in "
               "clearml.conf / CLEARML_API_ACCESS_KEY / CLEARML_API_SECRET_KEY (and in the agent-services env file)."]
        if re.search(r"apiserver|clearml-apiserver", where):
            fix.append("This is the self-hosted agent-services container: set CLEARML_AGENT_ACCESS_KEY / CLEARML_AGENT_SECRET_KEY in the compose env file "
                       "to keys created on this server, then docker compose up -d.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    web = str(facts.get("web_server") or "")
    if server and web and server.rstrip("/") == web.rstrip("/"):
        derived["problem"] = f"clearml-init used the web app address {server} as the API server"
        return Explanation(
            text=f"The API server was configured to the same address as the web app ({server}), so the login request went to the web UI. "
                 "The API server is a separate service (port 8008 by default).",
            fix=("Re-run clearml-init and paste a configuration whose api_server is the API address (http(s)://<host>:8008, or the api. subdomain behind a proxy); "
                 "`curl <api_server>/debug.ping` must return JSON.",),
            derived=derived,
        )
    if server and re.search(r":8080/?$", server):
        derived["problem"] = f"clearml-init could not verify the keys against {server} (the web port)"
        return Explanation(
            text=f"clearml-init verified the keys against {server}, which is the web app port. The API server listens on 8008.",
            fix=(f"Re-run clearml-init with api_server {re.sub(r':8080/?$', ':8008', server)} (and check `curl <api_server>/debug.ping` answers).",),
            derived=derived,
        )
    derived["problem"] = f"clearml-init could not verify the keys{(' against ' + server) if server else ''}"
    return Explanation(
        text=f"clearml-init could not log in{(' at ' + server) if server else ''}. Either the host or port is wrong or unreachable from this machine, or the key pair belongs to another server.",
        fix=("Check the API address: curl <api_server>/debug.ping must answer from this machine (port 8008; http vs https).",
             "Create fresh credentials in that server's web UI and paste them again."),
        derived=derived,
    )
