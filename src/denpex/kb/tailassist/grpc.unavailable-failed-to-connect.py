"""Computed diagnosis for grpc.unavailable-failed-to-connect: read the address and the OS reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PORTS = {"50051": "NVIDIA Riva / default gRPC examples", "8001": "Triton gRPC", "8500": "TensorFlow Serving gRPC",
          "51000": "clip-as-service", "9360": "FATE"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    address = facts.get("address")
    reason = facts.get("reason") or ""
    if not isinstance(address, str) or not address:
        return Explanation(
            text="No address of the gRPC target accepted a connection: the server is down, still starting, on another host/port, or a proxy/TLS setting is in the way.",
            fix=("Check the server is up and the client's host:port (nc -vz host port / grpcurl -plaintext host:port list).",),
            derived={"diagnosis": "server unreachable"},
        )
    if address.startswith(("ipv4:", "ipv6:", "unix:")):
        kind, _, rest = address.partition(":")
    else:  # grpc-go's dial error gives host:port (or a socket path) without a scheme
        kind, rest = ("unix", address) if address.startswith("/") else ("tcp", address)
    host, _, port = rest.rpartition(":")
    known = _PORTS.get(port, "")
    low = reason.lower()
    local = host in ("127.0.0.1", "[::1]", "0.0.0.0")
    if "refused" in low:
        diagnosis = "nothing listening" + (" on localhost" if local else "")
        text = (f"{host}:{port} refused the connection{(' (port of ' + known + ')') if known else ''}: no server listens there "
                "now. It is not started, still loading models, or listens elsewhere" + ("; inside a container localhost is the container itself." if local else "."))
        fix = (f"Start the server / wait for readiness, then retry; from another container use the service name instead of {host}.",)
    elif "proxy" in low:
        diagnosis = "HTTP proxy in the way"
        text = (f"gRPC sent the connection through an HTTP proxy ({host}:{port}, taken from http_proxy / https_proxy / grpc_proxy) "
                f"and the proxy refused the tunnel: {reason}. The gRPC server itself was never reached.")
        fix = ("Exempt the gRPC target from the proxy: export no_proxy=<server host>,localhost,127.0.0.1 (or unset the proxy "
               "variables for this process), or pass the channel option ('grpc.enable_http_proxy', 0).",)
    elif "timeout" in low or "deadline" in low or "timed out" in low:
        diagnosis = "connection timed out"
        text = f"Connecting to {host}:{port} timed out: a firewall, security group or wrong IP drops the packets."
        fix = (f"Open port {port} between client and server and check the IP; nc -vz {host} {port}.",)
    elif "dns" in low or "resolution" in low:
        diagnosis = "DNS resolution failed"
        text = f"The target's name did not resolve ({reason})."
        fix = ("Use a resolvable host name or the IP address.",)
    else:
        diagnosis = "server unreachable"
        text = f"Connecting to {host}:{port} failed: {reason}."
        fix = ("Check the server and the channel security (TLS vs plaintext) and proxy variables.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
