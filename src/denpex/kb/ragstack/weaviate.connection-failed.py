"""Computed diagnosis for weaviate.connection-failed: gRPC vs REST and the address involved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(v: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in v.split(".")[:2])
    except ValueError:
        return ()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "grpc-health":
        addr = str(facts.get("grpc_address") or "")
        ver = str(facts.get("server_version") or "")
        text = "REST answered but the gRPC health check failed" + (f" at {addr}" if addr else "") + "."
        fix = []
        if ver and _ver(ver) and _ver(ver) < (1, 23):
            fix.append(f"Server {ver} has no gRPC API: upgrade Weaviate to 1.23+ or use weaviate-client 3.x.")
        host = addr.rsplit(":", 1)[0] if addr else "HOST"
        port = addr.rsplit(":", 1)[1] if ":" in addr else "50051"
        fix.append(f"Publish and reach the gRPC port: docker-compose ports '{port}:50051'; test with nc -zv {host} {port}.")
        if host in ("localhost", "127.0.0.1"):
            fix.append("If the client runs in another container, grpc_host must be the Weaviate service name, not localhost.")
        fix.append("Behind a load balancer/ingress, route the gRPC port with HTTP/2 support.")
        return Explanation(text=text, fix=tuple(fix), derived={"where": f" over gRPC ({addr})" if addr else " over gRPC"})
    url = str(facts.get("url") or "")
    if sig == "did-not-start":
        secs = facts.get("seconds")
        embedded = ":8079" in url
        text = f"Weaviate at {url} did not answer its readiness check within {secs} s" + (" (embedded Weaviate)." if embedded else ".")
        fix = (("Embedded Weaviate failed to start: check its log/port 8079 and the embedded version, or run Weaviate in Docker.",)
               if embedded else
               (f"Check the URL ({url}): from another container use the service name; curl {url.rstrip('/')}/v1/.well-known/ready.",
                "If the server is just slow to start, raise the start-up timeout (v4: AdditionalConfig(timeout=Timeout(init=30)))."))
        return Explanation(text=text, fix=fix, derived={"where": f" to {url}"})
    if sig == "connection-failed":
        details = str(facts.get("details") or "").strip()
        text = "The client's REST start-up check did not reach Weaviate" + (f": {details[:200]}" if details else ".")
        fix = ("Check the HTTP endpoint the app is configured with (service name and port 8080 inside docker networks): "
               "curl http://HOST:8080/v1/.well-known/ready.",
               "If Weaviate is up but slow, raise the init timeout (AdditionalConfig(timeout=Timeout(init=30))).")
        return Explanation(text=text, fix=fix, derived={"where": " (REST endpoint)"})
    if sig == "haystack-initial" and url:
        fix = ("Pass host='http://localhost' (with the scheme) and port=8080 to WeaviateDocumentStore, and wait for Weaviate's ramp-up.",)
        return Explanation(text=f"Haystack could not reach Weaviate at {url}.", fix=fix, derived={"where": f" to {url}"})
    return None
