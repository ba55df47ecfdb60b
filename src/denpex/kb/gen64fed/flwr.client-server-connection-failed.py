"""Computed diagnosis for flwr.client-server-connection-failed: what the gRPC status says about the server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    "UNAVAILABLE": "nothing reachable was listening at the server address (or the server went away)",
    "RESOURCE_EXHAUSTED": "a message exceeded the gRPC size limit (model larger than grpc_max_message_length)",
    "INTERNAL": "the stream was reset by the server or a proxy in the middle of the run",
    "CANCELLED": "the server cancelled the stream (server stopped or finished)",
    "DEADLINE_EXCEEDED": "the server did not answer in time",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    address = str(facts.get("server_address") or "")
    status = str(facts.get("grpc_status") or "")
    details = str(facts.get("grpc_details") or "")
    fix: list[str] = []
    parts: list[str] = []
    if status:
        parts.append(f"gRPC status {status}: {_STATUS.get(status, 'the RPC to the server failed')}")
        if details:
            parts[-1] += f" ({details})"
    if address:
        parts.append(f"the client targets {address}")
    if address.startswith("[::]") or address.startswith("0.0.0.0"):
        host_port = address.rsplit(":", 1)
        port = host_port[1] if len(host_port) == 2 else "8080"
        fix.append(
            f"'{address}' is a server bind address; as a client target use 127.0.0.1:{port} (same machine) or the server's IP:{port}."
        )
    if status == "RESOURCE_EXHAUSTED":
        fix.append("Pass the same larger grpc_max_message_length to start_server and start_client (default 536870912 bytes).")
    elif status in ("INTERNAL", "CANCELLED"):
        fix.append("Read the server log around the time the clients failed: the server stopped or crashed mid-run.")
    if status in ("", "UNAVAILABLE"):
        fix.append("Start the Flower server first and wait for its 'server running' line; check host, port, firewall and published container ports from the client machine.")
    if not parts:
        return None
    derived = {"diagnosis": "; ".join(parts)}
    return Explanation(text="Flower client stream failed: " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
