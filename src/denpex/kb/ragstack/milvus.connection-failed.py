"""Computed diagnosis for milvus.connection-failed: which kind of address failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    addr = str(facts.get("address") or "").rstrip(".")
    if not addr and facts.get("_signature") == "channel-ready-timeout":
        return Explanation(
            text=("pymilvus waited for the gRPC channel to the server and it never became ready (grpc.FutureTimeoutError in "
                  "_wait_for_channel_ready): nothing answered at the configured host:port in time. The MilvusException naming "
                  "the address follows this traceback."),
            fix=("Check the server: curl http://HOST:9091/healthz, and connect to HOST:19530 (the gRPC port), not a proxy or the web UI port.",
                 "Unset http_proxy/https_proxy/grpc_proxy for local addresses (NO_PROXY=localhost,127.0.0.1)."),
            derived={"address": "the configured host:port"})
    if not addr:
        return None
    low = addr.lower()
    if ".db.sock" in low or low.startswith(("unix:", "uni[x:")):
        text = (f"The address {addr} is the unix socket of Milvus Lite (a local .db file URI): the embedded server did not start.")
        fix = ("Milvus Lite runs on Linux and macOS only: on Windows use Milvus standalone (Docker/WSL) and uri='http://localhost:19530'.",
               "Otherwise install it: pip install -U 'pymilvus[milvus-lite]', and use a writable path for the .db file.")
        return Explanation(text=text, fix=fix, derived={"address": addr})
    host, _, port = low.rpartition(":")
    port = port.strip("/")
    fixes = []
    if port and port != "19530":
        fixes.append(f"Port {port} is not Milvus' gRPC port: connect to 19530 (9091 is the health/metrics port).")
    if host.split("//")[-1] in ("localhost", "127.0.0.1", "0.0.0.0"):
        fixes.append("If this client runs in a container, localhost is the container itself: use the Milvus service name (http://milvus-standalone:19530).")
    fixes.append(f"Check that Milvus is up: curl http://{host.split('//')[-1] or 'HOST'}:9091/healthz (etcd and minio must be healthy first).")
    fixes.append("If http_proxy/https_proxy is set, exclude the Milvus host: export no_proxy=localhost,127.0.0.1,<milvus host>.")
    text = f"No gRPC connection to Milvus at {addr} became ready within the connect timeout."
    return Explanation(text=text, fix=tuple(fixes), derived={"address": addr})
