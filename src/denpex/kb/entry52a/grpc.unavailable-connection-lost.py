"""Computed diagnosis for grpc.unavailable-connection-lost: which side ended the connection, and the fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RETRY = ("Retry UNAVAILABLE: channel option ('grpc.service_config', '{\"methodConfig\": [{\"name\": [{}], \"retryPolicy\": "
          "{\"maxAttempts\": 4, \"initialBackoff\": \"0.2s\", \"maxBackoff\": \"5s\", \"backoffMultiplier\": 2, "
          "\"retryableStatusCodes\": [\"UNAVAILABLE\"]}}]}') (or a retry loop with backoff around idempotent calls).")
_KEEPALIVE = ("Keep idle connections alive below the network's idle timeout: options=[('grpc.keepalive_time_ms', 60000), "
              "('grpc.keepalive_timeout_ms', 20000), ('grpc.keepalive_permit_without_calls', 1), "
              "('grpc.http2.max_pings_without_data', 0)].")


def _family(details: str) -> tuple[str, str, list[str]]:
    low = details.lower()
    if "too_many_pings" in low or "keepalive" in low:
        if "watchdog" in low:
            return ("keepalive-timeout",
                    "the client's keepalive ping got no answer within grpc.keepalive_timeout_ms, so the client closed the "
                    "connection: the peer is stalled (overloaded, GC pause, blocked event loop) or the path drops packets.",
                    ["Raise grpc.keepalive_timeout_ms (e.g. 20000) and check the server is not saturated (CPU, blocked threads).",
                     _RETRY])
        return ("keepalive-mismatch",
                "the server sent GOAWAY too_many_pings: the client pings more often than the server permits.",
                ["Raise the client's ('grpc.keepalive_time_ms', ...) to at least the server's minimum (default 300000 ms), or "
                 "allow it on the server: ('grpc.http2.min_ping_interval_without_data_ms', 10000) and "
                 "('grpc.keepalive_permit_without_calls', 1) in the server options.", _RETRY])
    if "received http2 header with status" in low:
        m = re.search(r"status: (\d{3})", details)
        code = m.group(1) if m else "?"
        what = {"502": "its upstream (the gRPC server) reset or closed the connection",
                "503": "it has no healthy upstream (server down, restarting, or failing health checks)",
                "504": "the upstream did not answer in time"}.get(code, "it could not forward the call")
        return ("proxy-http-status",
                f"an HTTP proxy/ingress between client and server answered with HTTP {code} instead of the gRPC server: {what}.",
                [f"Read the proxy's log (Envoy/nginx/ingress) for the HTTP {code} and check its upstream; nginx needs grpc_pass "
                 "(HTTP/2) to the backend.", _RETRY])
    if "goaway" in low or "draining" in low or "http/2 error code" in low:
        return ("server-goaway",
                "the server (or a proxy) ended the connection on purpose with HTTP/2 GOAWAY: graceful shutdown or rolling "
                "restart, or a max_connection_age / max_connection_idle limit; calls in flight on it failed.",
                [_RETRY, "If it happens on deploys, give the server a shutdown grace period (server.stop(grace)) and "
                 "max_connection_age_grace_ms so in-flight calls finish."])
    if any(s in low for s in ("reset by peer", "broken pipe", "os error", "econnreset")):
        return ("connection-reset",
                "the TCP connection was reset: most often an idle connection that a load balancer, NAT gateway or firewall "
                "had dropped from its table (the first call after a quiet period fails, the retry works), otherwise a "
                "server that died abruptly.",
                [_KEEPALIVE, _RETRY])
    return ("server-closed",
            "the server side closed the connection while the call was in flight: the server process crashed, was "
            "OOM-killed or restarted, or a proxy in front of it closed the stream.",
            ["Check the server's log and restarts at that time (docker logs / kubectl logs --previous / dmesg for OOM kills) "
             "and fix the crash there.", _RETRY, "Create a fresh channel (or rely on the channel reconnecting) after the "
             "server is back; do not keep calling on a channel you closed."])


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    details = str(facts.get("details") or "").strip().strip('"\\')
    if not details:
        return None
    cause, text, fix = _family(details)
    derived: dict[str, Any] = {"cause": cause, "cause_text": f" ({cause.replace('-', ' ')})"}
    m = re.search(r"status: (\d{3})", details)
    if m:
        derived["http_status"] = int(m.group(1))
    peer = facts.get("peer")
    where = f" The connection was to {peer}." if isinstance(peer, str) and peer else ""
    return Explanation(text=f"'{details}' means {text}{where}", fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
