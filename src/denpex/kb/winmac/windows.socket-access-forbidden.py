"""Computed diagnosis for windows.socket-access-forbidden: which port, and how to check the excluded ranges."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEFAULTS = {7860: "Gradio", 8000: "uvicorn/FastAPI", 8080: "a web UI", 8188: "ComfyUI", 8501: "Streamlit",
             8888: "Jupyter", 6006: "TensorBoard", 5000: "Flask/MLflow", 11434: "Ollama", 29500: "torch.distributed"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    port = facts.get("port")
    try:
        port = int(port) if port is not None else None
    except (TypeError, ValueError):
        port = None
    if port is None:
        text = ("Windows refused the socket with WSAEACCES (10013): for a server this is a port inside a reserved "
                "(Hyper-V/WSL/Docker WinNAT) range or a firewall filter, for a raw socket missing administrator rights.")
        fix = ("netsh interface ipv4 show excludedportrange protocol=tcp  - pick a port outside every range",
               "raw/ICMP sockets: run as administrator or use an unprivileged alternative")
        return Explanation(text=text, fix=fix, derived={"port_text": ""})
    who = _DEFAULTS.get(port)
    host = str(facts.get("host") or "")
    text = (f"Binding {host + ':' if host else 'port '}{port}{' (' + who + ' default)' if who else ''} was refused with "
            "WSAEACCES 10013. The port is not busy; on Windows with Hyper-V/WSL2/Docker Desktop it is most likely inside "
            "a port range WinNAT reserved at boot (administrator rights do not help).")
    if port < 1024:
        text += f" Port {port} is also a well-known port that security software often guards."
    fix = (f"Check: netsh interface ipv4 show excludedportrange protocol=tcp  (is {port} inside a listed range?)",
           f"Use another port, e.g. {port + 1 if port < 65535 else 8765}... outside the ranges (gradio server_port=, uvicorn --port, streamlit --server.port)",
           f"Or keep {port}: admin prompt -> net stop winnat; netsh int ipv4 add excludedportrange protocol=tcp startport={port} numberofports=1; net start winnat")
    return Explanation(text=text, fix=fix, derived={"port_text": f" on port {port}"})
