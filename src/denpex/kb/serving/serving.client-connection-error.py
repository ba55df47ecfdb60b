"""Computed diagnosis for serving.client-connection-error: what the transport-level cause says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("client_error") or "")
    cause = str(facts.get("cause") or "")
    msg = str(facts.get("cause_msg") or "")
    errno = facts.get("errno")
    host, port = facts.get("host"), facts.get("port")
    low = (cause + " " + msg).lower()
    parts: list[str] = []
    fix: list[str] = []
    where = f"{host}:{port}" if host and port else "the server address"
    if "refused" in low or errno in (111, 61, 10061) or "connect call failed" in low:
        what = f"connection refused at {where}"
        parts.append(f"Nothing accepted the TCP connection at {where}: the server is not listening there - still loading, exited, or the base_url/port is wrong.")
        fix.append("Check the server: curl <base_url>/models; wait for 'Uvicorn running on' / 'Application startup complete' before sending requests.")
        fix.append("Compare the client's base_url (host, port, http://, /v1) with the server's --host/--port.")
    elif "all connection attempts failed" in low:
        what = f"no connection could be opened to {where}"
        parts.append(f"httpx tried every address of {where} and none accepted the connection: nothing listens there (server not started, crashed, or still loading) or the host/port in the client's base URL is wrong.")
        fix.append("Start the server the client expects (or wait for its 'Uvicorn running on' line) and curl <base_url>/models from the client's machine.")
        fix.append("Compare the client's base URL (host, port, http://, /v1) with the server's --host/--port; inside docker use the service name or host.docker.internal, not localhost.")
    elif "name or service not known" in low or "name resolution" in low or errno in (-2, -3, 8):
        what = "host name did not resolve"
        parts.append("The host name in base_url could not be resolved (typo, wrong network, container name used outside its network).")
        fix.append("Use an address reachable from the client (IP or service name on the same network).")
    elif "remoteprotocolerror" in low or "disconnected" in low or "reset" in low or "readerror" in low:
        what = "server closed the connection without a response"
        parts.append("The connection was closed before any response: the server (or its engine) crashed while handling the request, or a proxy cut it.")
        fix.append("Read the server log at that time for an engine crash (EngineDeadError, CUDA error, Killed); that is the cause.")
        fix.append("Under heavy concurrency raise ulimit -n for the server and lower client concurrency.")
    elif "timeout" in low or "timed out" in err.lower():
        what = "request timed out"
        parts.append("The client waited longer than its timeout without a complete response: long generations, queueing behind other requests, or a hung server.")
        fix.append("Raise the client timeout (OpenAI(timeout=...), per-request timeout=) and/or lower max_tokens and concurrency; check the server is still making progress.")
    elif "proxy" in low:
        what = "proxy error"
        parts.append("An HTTP(S) proxy intercepted the request.")
        fix.append("Set NO_PROXY=localhost,127.0.0.1,<server host> or unset HTTP_PROXY/HTTPS_PROXY for local servers.")
    else:
        what = err or "connection error"
        parts.append("The client got no HTTP response; the transport error that caused it is printed just above in the traceback.")
        fix.append("curl <base_url>/models to check the server is reachable; read the server log for a crash; check proxy settings.")
    if facts.get("_signature") == "retry-print-connection-error":
        parts.append("The evaluation script catches this exception, prints it and retries, so every request fails the same way"
                     " until it gives up (Max tries. Failed.) and writes empty predictions.")
        fix.append("Start the OpenAI-compatible server the script expects (LongBench v2 pred.py: vllm serve <model> --port 8000,"
                   " base URL http://localhost:8000/v1) or edit URL/API_KEY in the script, then rerun.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
