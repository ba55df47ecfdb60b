"""Computed diagnosis for http.server-error-response: what the 5xx status means, where the server runs and
which server it likely is (so which log to read)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    500: "the server's own code raised while handling the request",
    501: "the server does not implement this method/route",
    502: "a proxy or gateway in front of the server got a bad or no answer from the process behind it",
    503: "the server is up but not ready (still loading the model) or overloaded, or its engine died",
    504: "a proxy or gateway timed out waiting for the server",
}

_PRIVATE = re.compile(r"^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)")


def _host_kind(host: str) -> str:
    h = host.strip("[]").lower()
    if h.startswith("<ip"):
        return "another machine (its IP address is masked in this output: a LAN server or a remote one)"
    if h in ("localhost", "0.0.0.0", "::1", "host.docker.internal") or h.startswith("127."):
        return "this machine"
    if _PRIVATE.match(h) or h.endswith((".local", ".lan", ".internal", ".svc", ".cluster.local")) or "." not in h:
        return "a machine or container on the local network"
    return "a remote / cloud service"


def _server(port: int | None, path: str) -> tuple[str, str]:
    p = path.lower()
    if port == 11434 or p.startswith(("/api/chat", "/api/generate", "/api/embed", "/api/pull", "/api/show")):
        return ("Ollama", "journalctl -u ollama --since '10 min ago' (Linux service), ~/.ollama/logs/server.log (macOS), "
                "%LOCALAPPDATA%\\Ollama\\server.log (Windows) or docker logs <ollama container>; OLLAMA_DEBUG=1 for more")
    if p.startswith(("/v2/models", "/v2/health", "/v2/repository")):
        return ("NVIDIA Triton", "the tritonserver console / docker logs <container>; start it with --log-verbose=1")
    if port == 7860 or "/run/predict" in p or "/api/predict" in p or "/gradio_api/" in p or p.startswith("/queue/"):
        return ("a Gradio app", "the terminal running the app (python app.py); launch(show_error=True) sends the message to the client")
    if "/v1/chat/completions" in p or "/v1/completions" in p or "/v1/embeddings" in p or p.startswith("/v1/models"):
        return ("an OpenAI-compatible server (vLLM, SGLang, TGI, llama.cpp server, LM Studio, or an app's own /v1 API)",
                "the terminal or container of the server (docker logs -f <container>; vllm serve / python -m sglang.launch_server output)")
    if p.startswith(("/generate", "/generate_stream")) or port == 8080:
        return ("Text Generation Inference or a custom server", "docker logs -f <tgi container> or the server's terminal")
    return ("a FastAPI/uvicorn, Flask or custom HTTP server",
            "the terminal or container running it: look for 'Exception in ASGI application' or a traceback at the request time")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        status = int(facts["status"])
    except (KeyError, TypeError, ValueError):
        return None
    host = str(facts.get("host") or "")
    path = str(facts.get("path") or "")
    port_raw = facts.get("port")
    try:
        port = int(port_raw) if port_raw is not None else None
    except (TypeError, ValueError):
        port = None
    meaning = _STATUS.get(status, "the server failed while handling the request")
    derived: dict[str, Any] = {}
    parts = [f"The server answered HTTP {status}: {meaning}. The client only reports the status; the cause is in the server's log."]
    fix: list[str] = []
    if host:
        kind = _host_kind(host)
        derived["host_kind"] = kind
        name, how = _server(port, path)
        derived["server_hint"] = name
        where = f"{host}{f':{port}' if port else ''}{path}"
        parts.append(f"The request went to {where}, {kind}; by its port/path this looks like {name}.")
        if kind == "a remote / cloud service":
            fix.append(f"It is not your server: check the provider's status page, retry with backoff, and report the request id if {status} persists.")
        else:
            fix.append(f"Open the server's log at the failure time: {how}.")
        fix.append(f"Repeat the request by hand to see the error body: curl -sS -i {'-X POST ' if path else ''}'{facts.get('url') or where}' ...")
    else:
        fix.append("Find which server the client called and read that server's log at the failure time.")
    if status in (502, 504):
        fix.append("If the backend behind the proxy restarts or is slow: check it is running, then raise the proxy/client timeout.")
    elif status == 503:
        fix.append("Wait for the server to finish loading (poll its health route) or restart it if its engine died.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
