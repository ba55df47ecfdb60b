"""Computed diagnosis for ollama.model-load-failed: which stage failed, which blob, and the first fix to try."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOG = ("journalctl -u ollama --no-pager -n 300 (Linux), ~/.ollama/logs/server.log (macOS), "
        "%LOCALAPPDATA%\\Ollama\\server.log (Windows) or docker logs <container>")


def _blob(path: str) -> str:
    m = re.search(r"sha256[-:]([0-9a-f]{8,64})", path)
    return m.group(1)[:12] if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("model_path") or "").strip()
    model = str(facts.get("model") or "").strip()
    port = facts.get("port")
    err = str(facts.get("load_error") or "").strip()
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("_signature") == "model-failed-to-load":
        derived["what"] = "the runner failed while loading the model (HTTP 500)"
        derived["fix_hint"] = "the real cause is the runner's error in the server log just before 'Load failed'"
        parts.append("The Ollama scheduler started a runner for the model and the load did not finish: the runner exited "
                     "(crash, assert, Metal/CUDA library or allocation failure) or refused the file. The CLI/API only relays this summary; "
                     "the runner's own error line is in the server log.")
        fix.append(f"Read the server log ({_LOG}) for the lines before 'Load failed': ggml_metal_* / CUDA errors, GGML_ASSERT, "
                   "'llama runner terminated' with an exit status or signal, or 'unable to load model'.")
        fix.append("If the model family or the chip is newer than this Ollama (new architectures, Apple M5 Metal library errors): upgrade Ollama first.")
        fix.append("Memory: try a smaller quantization or num_ctx, stop other loaded models (ollama ps / ollama stop); "
                   "if every model fails, reinstall Ollama and ollama rm / pull the model.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("_signature") == "requests-404-native-api":
        url = str(facts.get("url") or "")
        route = url.rsplit("/api/", 1)[-1] if "/api/" in url else "generate"
        derived["what"] = f"HTTP 404 from {url or 'the native API'}"
        derived["fix_hint"] = "pull the model the client names (ollama pull <model>), or upgrade an Ollama older than that route"
        parts.append(f"Ollama answered 404 on /api/{route}. requests' raise_for_status() hides the body, which says why: "
                     "most often 'model \"x\" not found, try pulling it first' (the model the client asks for is not on that "
                     "server), or, for /api/chat and /api/embed, an Ollama older than the route.")
        fix.append("ollama list on the server the client reaches; ollama pull <the model name the client sends> (the tag must match, :latest when none).")
        fix.append(f"curl {url or 'http://localhost:11434/api/generate'} -d '{{\"model\": \"<model>\"}}' shows the body with the reason.")
        fix.append("If the route is missing (/api/chat needs Ollama 0.1.14+, /api/embed 0.3+): upgrade Ollama.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if model:
        derived["what"] = f"model '{model}' not found"
        derived["fix_hint"] = f"run ollama pull {model} on the server the client talks to"
        parts.append(f"The Ollama server answering this request has no model named '{model}' (HTTP 404): it was never pulled there, "
                     "the tag differs, or the client reaches another Ollama (Docker vs host, OLLAMA_HOST / base_url) or another OLLAMA_MODELS directory.")
        fix.append(f"ollama pull {model} (on the same host/container as the server), then check with ollama list.")
        if ":" not in model:
            fix.append(f"Without a tag Ollama looks for {model}:latest; if you pulled another tag, name it ({model}:<tag>).")
        fix.append("Check the client's base URL / OLLAMA_HOST and, for a systemd service, that OLLAMA_MODELS is the directory you pulled into.")
    elif port is not None:
        low = err.lower()
        derived["what"] = f"runner on port {port} dropped the load request ({err or 'EOF'})"
        derived["fix_hint"] = "the runner crashed while loading; its own error is in the server log just before this line"
        parts.append(f"The scheduler sent the load request to its runner at 127.0.0.1:{port}/load and the connection was closed "
                     f"({err or 'EOF'}): the runner process crashed during the load. The client cannot see why; the runner's last lines are in the server log.")
        if "forcibly closed" in low or "wsarecv" in low:
            parts.append("The wsarecv wording is Windows: look for an exit status such as 0xc0000409 / 0xc0000005 next to it.")
        fix.append(f"Read the server log ({_LOG}) for the lines just before the error: CUDA/ROCm error, GGML_ASSERT, panic, signal, or the kernel OOM killer (dmesg).")
        fix.append("Memory crashes: lower num_ctx / num_gpu, use a smaller quantization, stop other loaded models (ollama ps / ollama stop).")
        fix.append("New model families (vision projectors, new architectures): upgrade Ollama first.")
    elif path:
        blob = _blob(path)
        if blob:
            derived["blob"] = blob
        derived["what"] = f"llama.cpp refused blob {blob or path}"
        derived["fix_hint"] = "upgrade Ollama (new model families need it), then ollama rm/pull the model to replace a damaged blob"
        parts.append(f"The runner could not read the model file {path}. The file exists; llama.cpp in this Ollama rejected it: "
                     "most often the model is newer than this Ollama (an unknown architecture, tokenizer or tensor type), else the blob is damaged or a GGUF from another converter.")
        fix.append("ollama -v, then upgrade Ollama (Linux: curl -fsSL https://ollama.com/install.sh | sh; Docker: pull ollama/ollama:latest) and retry.")
        fix.append("If it still fails: ollama rm <model> && ollama pull <model> to replace the blob" + (f" sha256-{blob}…" if blob else "") + "; for a GGUF you imported, pull the model from the Ollama library instead or reconvert it.")
        fix.append(f"The precise reason (llama_model_load: error loading model: ...) is in the server log: {_LOG}.")
        if "\\" in path or re.match(r"[A-Za-z]:", path):
            fix.append("On Windows, a models path with non-ASCII characters broke old versions (0.1.2x): set OLLAMA_MODELS to an ASCII path.")
    else:
        derived["what"] = "no runner could be started"
        derived["fix_hint"] = "upgrade Ollama; server.log lists why each runner variant failed"
        parts.append("Old Ollama (0.1.1x and before) tried each runner build (GPU, CPU variants) and none started: the reason of each is in server.log.")
        fix.append("Upgrade Ollama; the current releases report the runner's own error instead of this line.")
        fix.append(f"Read the server log ({_LOG}) for 'error starting the external llama runner' / 'error starting llama runner' lines.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
