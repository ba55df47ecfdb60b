"""Computed diagnosis for cvat.lambda-functions-list-failed: which cause the log points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("missing_key")
    host = facts.get("nuclio_host")
    endpoint = str(facts.get("endpoint") or "/api/lambda/functions")
    old_api = "/v1/" in endpoint
    fix: list[str] = []
    if key:
        diagnosis = f"a deployed function lacks metadata '{key}'"
        text = (f"The traceback above the 500 is KeyError: '{key}': one function in the cvat nuclio project has no "
                f"'{key}' in its function.yaml metadata, and CVAT reads it for every function, so the whole list fails.")
        fix.append(f"Add metadata.annotations ({key} included: name, type, framework, spec) to that function.yaml and redeploy it, or remove it with nuctl delete function <name>.")
    elif host:
        diagnosis = f"nuclio dashboard at {host} not reachable from the CVAT server"
        text = (f"The server could not connect to the nuclio dashboard at '{host}': the functions exist, but cvat_server "
                "cannot ask for them.")
        fix.append(f"Make '{host}' resolvable and reachable from cvat_server (start CVAT with components/serverless/docker-compose.serverless.yml, same docker network, add it to no_proxy).")
    else:
        diagnosis = f"GET {endpoint} failed with 500"
        text = (f"The server raised while answering GET {endpoint}; the cause is the traceback just above "
                "'Internal Server Error' in the server log (docker logs cvat_server, or cvat in 1.x).")
        fix.append("Read docker logs cvat_server around the 500: KeyError 'annotations' means an incomplete function.yaml; a ConnectionError means nuclio is unreachable.")
    if old_api:
        fix.append("/api/v1/ is the CVAT 1.x API: keep nuctl at the nuclio version that release's docker-compose.serverless.yml pins.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
