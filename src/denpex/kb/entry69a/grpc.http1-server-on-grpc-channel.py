"""Computed diagnosis for grpc.http1-server-on-grpc-channel: which HTTP/1 port the client hit and the gRPC one to use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PORT = re.compile(r":(\d{2,5})\]?\Z")

# port the client used -> (what usually listens there, port to use instead, client hint)
_KNOWN: dict[int, tuple[str, str, str]] = {
    8501: ("the REST API of tensorflow_model_server (--rest_api_port)", "8500", "TF Serving gRPC (--port, default 8500)"),
    8000: ("Triton's HTTP/REST endpoint (--http-port)", "8001", "Triton gRPC (--grpc-port, default 8001)"),
    8002: ("Triton's Prometheus metrics endpoint", "8001", "Triton gRPC (--grpc-port, default 8001)"),
    80: ("a plain HTTP web server, gateway or ingress", "", ""),
    8080: ("an HTTP gateway, proxy or REST server", "", ""),
    443: ("a TLS endpoint (proxy, ingress, managed API)", "", ""),
}


def _split(target: str) -> tuple[str, int]:
    t = target.strip().strip("'\"")
    for prefix in ("dns:///", "ipv4:", "ipv6:", "http://", "https://", "grpc://"):
        if t.startswith(prefix):
            t = t[len(prefix):]
    t = t.rstrip("/")
    m = _PORT.search(t)
    if not m:
        return t, 0
    return t[: m.start()], int(m.group(1))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = str(facts.get("target") or "")
    status = str(facts.get("status") or "")
    signature = str(facts.get("_signature") or "")
    if not target and not status and not facts.get("hexdump") and not signature:
        return None
    head = "The gRPC client reached a server that answered in HTTP/1.x instead of HTTP/2"
    if facts.get("hexdump"):
        head += " (the first bytes were 'HTTP/', hex 485454502f)"
    elif signature == "go-server-preface":
        head += " (grpc-go read the 'HTTP/1.x' text as an oversized HTTP/2 frame)"
    if status:
        head += f", status {status}"
    derived: dict[str, str] = {}
    fix: list[str] = []
    if not target:
        text = head + ". The target address was not printed: check the port the client is configured with."
        fix = ["Use the gRPC port of the server (TF Serving 8500, Triton 8001), not its REST/HTTP port (8501, 8000)",
               "Behind a proxy or ingress, enable HTTP/2 / gRPC forwarding (nginx grpc_pass, backend-protocol GRPC)"]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    host, port = _split(target)
    derived["target"] = target
    known = _KNOWN.get(port)
    if known and known[1]:
        what, use, name = known
        text = f"{head}. {target} is port {port}, usually {what}; gRPC is served on {name}."
        fix = [f"Point the channel at {host}:{use}", f"Make sure port {use} is published (docker -p {use}:{use} / the Kubernetes Service)",
               f"Or keep port {port} and call the REST API instead of the gRPC stub"]
        derived["grpc_port"] = use
    elif port == 443:
        text = (f"{head}. {target} is a TLS port: a plaintext channel there gets an HTTP/1.x error page, and a TLS "
                "proxy that does not forward HTTP/2 answers the same way.")
        fix = [f"Use grpc.secure_channel('{target}', grpc.ssl_channel_credentials())",
               "Check the proxy forwards gRPC (HTTP/2, grpc_pass / backend-protocol GRPC)"]
    elif known:
        text = f"{head}. {target} is port {port}, usually {known[0]}, which does not forward HTTP/2 to a gRPC backend."
        fix = ["Target the gRPC port of the service directly (bypassing the HTTP front end)",
               "Or configure the proxy for gRPC (nginx: listen ... http2 + grpc_pass; ingress-nginx: backend-protocol GRPC)"]
    else:
        text = f"{head}. Whatever listens on {target} speaks HTTP/1.x: it is not the gRPC listener of the service."
        fix = ["Look up the service's gRPC port (server start-up log, --port / --grpc-port flags) and use it",
               "If a proxy sits in between, enable HTTP/2 / gRPC forwarding"]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
