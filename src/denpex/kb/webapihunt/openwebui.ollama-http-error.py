"""Computed diagnosis for openwebui.ollama-http-error: what the status and endpoint say."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        status = int(facts["status"])
    except (KeyError, TypeError, ValueError):
        return None
    url = str(facts.get("url") or "")
    parts = urlsplit(url) if url else None
    path = parts.path if parts else ""
    host = parts.hostname if parts else None
    endpoint = path.rsplit("/api/", 1)[-1] if "/api/" in path else path
    fix: list[str] = []
    if status == 404:
        diagnosis = f"model or endpoint not found on the Ollama server ({endpoint or 'unknown endpoint'})"
        text = (f"Ollama answered 404 to {url or 'the request'}: the model is not pulled on that server, "
                "or the base URL points at another service.")
        fix.append(f"Run 'ollama list' on {host or 'the server'} and 'ollama pull <model>' for the missing one.")
    elif status >= 500:
        what = "the embedding model" if endpoint in ("embed", "embeddings") else "the model"
        diagnosis = f"Ollama server failed on /api/{endpoint}" if endpoint else "Ollama server error"
        text = (f"Ollama answered {status} to {url or 'the request'}: the server failed to run {what} "
                "(load failure, out of memory, runner crash). The reason is only in the Ollama server log.")
        fix.append("Read 'docker logs ollama' or 'journalctl -u ollama' at the time of the request.")
        fix.append("Try a smaller or more quantized model, or a lower num_ctx, if the log shows a memory error.")
    elif status == 400:
        diagnosis = "request rejected by Ollama"
        text = f"Ollama rejected the request to {url or 'its API'} (400): an option or input it does not accept."
        fix.append("Repeat the request with curl to see Ollama's error body, then drop or change that option.")
    else:
        diagnosis = f"Ollama returned HTTP {status}"
        text = f"Ollama answered HTTP {status} to {url or 'the request'}."
    if host in ("localhost", "127.0.0.1"):
        fix.append("If Open WebUI runs in Docker, 'localhost' is the WebUI container: make sure this is the Ollama you mean.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "endpoint": endpoint})
