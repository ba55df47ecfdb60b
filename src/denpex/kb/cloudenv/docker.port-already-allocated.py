"""Computed diagnosis for docker.port-already-allocated: who holds the host port and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    port = facts.get("port")
    reason = str(facts.get("reason") or "")
    addr = str(facts.get("bind_addr") or "0.0.0.0")
    ep = str(facts.get("endpoint") or "")
    if port is None:
        return None
    alt = int(port) + 1 if int(port) < 65535 else int(port) - 1
    low = reason.lower()
    if "already allocated" in low:
        holder = "another container already publishes it"
        text = (f"Host port {port} is already published by another container (Docker's port allocator refused it"
                + (f" for {ep}" if ep else "") + "); often an older copy of the same service or another compose project.")
        fix = (f"Find it: docker ps -a --filter publish={port} --format '{{{{.Names}}}} {{{{.Status}}}} {{{{.Ports}}}}'; remove it (docker rm -f NAME) or docker compose down in its project.",
               f"Or publish another host port: -p {alt}:<container port> and use http://localhost:{alt}.")
    elif "cannot assign requested address" in low:
        holder = f"{addr} is not an address of this host"
        text = f"Docker tried to bind {addr}:{port}, but {addr} is not assigned to any interface of this host."
        fix = (f"Publish on an address the host has (-p {port}:... binds all, -p 127.0.0.1:{port}:... for local only); check ip addr.",)
    elif "forbidden" in low or "access permissions" in low:
        holder = "Windows reserved (excluded) port range"
        text = (f"Port {port} is inside a range Windows reserves for Hyper-V/WinNAT (WSL2, Docker Desktop); "
                "nothing visible listens on it, but binding is forbidden.")
        fix = ("Check: netsh int ipv4 show excludedportrange protocol=tcp.",
               f"Publish a port outside those ranges (e.g. -p {alt}:...), or free the range: net stop winnat, start the container, net start winnat.")
    else:
        holder = "a host process listens on it"
        text = f"A process on the host already listens on {addr}:{port} (EADDRINUSE), so docker-proxy cannot bind it."
        fix = (f"Find it: sudo ss -ltnp 'sport = :{port}' (Windows: netstat -ano | findstr :{port}); stop it (a local vLLM/Jupyter, systemctl stop ollama, nginx).",
               f"Or publish another host port: -p {alt}:<container port>.")
    return Explanation(text=text, fix=fix, derived={"holder": holder})
