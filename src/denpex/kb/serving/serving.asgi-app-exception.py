"""Computed diagnosis for serving.asgi-app-exception: which request failed and where the real error is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "").strip()
    path = str(facts.get("path") or "").strip()
    server = str(facts.get("server") or "").strip()
    req = " ".join(p for p in (method, path) if p)
    derived: dict[str, Any] = {"request": f" on {req}" if req else ""}
    parts = []
    if req:
        parts.append(f"The handler for {req} raised an exception that the application did not handle; the client got HTTP 500.")
    else:
        parts.append("A request handler raised an exception that the application did not handle; the client got HTTP 500.")
    if server and server != "app":
        parts.append(f"Flask logged it from the '{server}' module.")
    parts.append("The cause is the last line of the traceback printed right after this headline ('SomeError: message'); "
                 "the framework frames (uvicorn, starlette, fastapi, gradio, flask) above it are only the path the request took.")
    fix = [
        "Fix the exception at the end of the traceback; if the log stops before it, take the full output of the server process "
        "for that request (its console, docker logs <container>, journalctl -u <service>).",
    ]
    if path:
        fix.append(f"Reproduce it with the same body: curl -v -X {method or 'POST'} http://<host>:<port>{path} -H 'Content-Type: application/json' -d @request.json, while watching the server console.")
    fix.append("Validate inputs and add an exception handler so expected failures return a 4xx/5xx with a message instead of an opaque 500.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
