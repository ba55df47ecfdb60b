"""Computed diagnosis for carla.simulator-timeout: timeout length, port and host read from the message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOCAL = {"localhost", "127.0.0.1", "0.0.0.0", "::1"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ms = facts.get("timeout_ms")
    host = facts.get("host")
    port = facts.get("port")
    if not isinstance(ms, int) or not host or not isinstance(port, int):
        return None
    parts = [f"No answer from a CARLA server at {host}:{port} within {ms} ms."]
    fix = []
    derived: dict[str, Any] = {"timeout_s": ms / 1000}
    if ms <= 5000:
        parts.append(f"{ms / 1000:g} s is shorter than a map load on most machines.")
        fix.append("client.set_timeout(20.0) (60.0 around load_world on a slow disk or GPU).")
        derived["timeout_too_short"] = True
    if host in _LOCAL:
        parts.append("The client expects a server on this machine: check that CarlaUE4.sh/CarlaUnreal.sh is running and did not crash at start.")
        fix.append(f"Start the server first: ./CarlaUE4.sh -RenderOffScreen -carla-rpc-port={port}, wait for it, then run the client.")
    else:
        parts.append(f"The server is remote ({host}): its port {port} (and {port + 1} for streaming) must be reachable from the client.")
        fix.append(f"Open/publish ports {port}-{port + 2} (docker -p {port}-{port + 2}:{port}-{port + 2} or --net=host) and check with nc -zv {host} {port}.")
        derived["remote"] = True
    if port != 2000:
        parts.append(f"Port {port} is not the default 2000: the server must be started with -carla-rpc-port={port}.")
    fix.append("In long training runs, catch RuntimeError, relaunch the server and reconnect.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
