"""Computed diagnosis for serving.port-in-use: which port, who usually holds it, and the commands to free it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEFAULTS = {
    8000: "vLLM's default API port (also many FastAPI apps)",
    30000: "SGLang's default port",
    8080: "llama-server's default port (and TGI's container port)",
    11434: "Ollama's default port - usually the Ollama service or desktop app is already running",
    7860: "Gradio's default port",
    3000: "TGI's default router port",
    5555: "a common ZMQ default port",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    port = facts.get("port")
    zmq = facts.get("zmq_addr")
    derived: dict[str, Any] = {}
    if port is None and zmq:
        m = re.search(r":(\d+)$", str(zmq))
        if m:
            port = int(m.group(1))
            derived["port"] = port
    addr = facts.get("bind_addr")
    if addr is None:
        derived["bind_addr"] = f"{zmq} (ZMQ)" if zmq else "this host"
    elif addr in ("", "0.0.0.0", "::", "[::]"):
        derived["bind_addr"] = f"{addr or '*'} (all interfaces)"
    parts: list[str] = []
    fix: list[str] = []
    p = port if isinstance(port, int) else None
    if p is not None:
        parts.append(f"Another process already listens on port {p}" + (f" ({_DEFAULTS[p]})." if p in _DEFAULTS else "."))
    else:
        parts.append("Another process already listens on the address this server tried to bind.")
    pid, name = facts.get("holder_pid"), facts.get("holder_name")
    if pid:
        parts.append(f"The server reports the holder: pid {pid} ({name}).")
        if name and ("pt_main_thread" in str(name) or "python" in str(name).lower()):
            parts.append("A python/pt_main_thread holder is usually a leftover worker of a previous (or this) vLLM run.")
        fix.append(f"Stop it: kill {pid} (check with ps -fp {pid} first).")
    errno = facts.get("errno")
    if errno == 10048 or "only one usage" in str(facts.get("reason") or "").lower():
        fix.append(f"Windows: find the owner with netstat -ano | findstr :{p or 'PORT'} and stop it (taskkill /PID <pid> /F).")
    elif p is not None:
        fix.append(f"Find the owner: ss -ltnp 'sport = :{p}'  (macOS: lsof -iTCP:{p} -sTCP:LISTEN) and stop it by pid.")
    if p == 11434:
        fix.append("Ollama is most likely already running as a service/app: use it (ollama run ...), or stop it first (systemctl stop ollama / quit the tray app); a second instance needs OLLAMA_HOST=127.0.0.1:11435.")
    elif zmq:
        fix.append(f"Kill the leftover processes of the previous run that hold the ZMQ socket {zmq}{':' + str(p) if p else ''} (their whole process group), then restart.")
    elif p is not None:
        fix.append(f"Or start this server on a free port: --port {p + 1} (and point clients at it).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
