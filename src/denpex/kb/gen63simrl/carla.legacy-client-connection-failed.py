"""Computed diagnosis for carla.legacy-client-connection-failed: operation and socket error mapped to the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    reason = str(facts.get("reason") or "").lower()
    host = facts.get("host") or "localhost"
    port = facts.get("port")
    if not op:
        return None
    where = f"{host}:{port}" if port else str(host)
    if op == "connect" and ("refused" in reason or "111" in reason or "10061" in reason):
        return Explanation(
            text=f"Nothing accepts connections on {where}: the 0.8 server is not running in server mode (-carla-server), uses another port, or the editor is not in Play.",
            fix=(f"./CarlaUE4.sh -carla-server -carla-world-port={port or 2000} -windowed, then rerun the client with --port {port or 2000}.",),
            derived={"cause": "no server listening"},
        )
    if op == "read data" and "timed out" in reason:
        return Explanation(
            text=(f"The socket to {where} opened but no 0.8 reply arrived: most often the server is CARLA 0.9+ (PythonAPI generation), "
                  "which the 0.8 PythonClient cannot talk to; otherwise the server is still loading the map."),
            fix=("Run this 0.8 code against a CARLA 0.8.x server (e.g. 0.8.4), or port it to the 0.9+ PythonAPI (carla.Client).",),
            derived={"cause": "protocol generation mismatch or server busy"},
        )
    if "reset" in reason or "104" in reason or "broken pipe" in reason:
        return Explanation(
            text=f"The server at {where} closed the connection: it crashed, ended the episode, or another client took it over.",
            fix=("Check the server log for a crash and restart it; use one client per 0.8 server.",),
            derived={"cause": "server dropped the connection"},
        )
    return Explanation(
        text=f"The 0.8 client failed to {op} at {where} ({reason}).",
        fix=("Check the server generation (0.8 vs 0.9+), that it runs with -carla-server, and that ports N..N+2 are open.",),
        derived={"cause": "other"},
    )
