"""Computed diagnosis for gradio.connection-errored-out: backend gone or connection path broken."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ws = str(facts.get("ws_url") or "")
    end = str(facts.get("console_end") or "")
    host = port = ""
    m = re.match(r"wss?://([^/:]+)(?::(\d+))?", ws)
    if m:
        host, port = m.group(1), m.group(2) or ""
    where = f" ({host}:{port})" if port else (f" ({host})" if host else "")
    local = host in ("localhost", "127.0.0.1", "0.0.0.0")
    if end:
        text = (f"The server console ended ('{end}'): the Python backend died during the request, "
                "so the page lost its queue connection. The cause is the crash, not the browser.")
        fix = ("Scroll up in the console for the last lines before it ended; if there are none, the process crashed in native GPU code "
               "or was killed for memory: reduce resolution/batch, use --medvram/--lowvram, enlarge the pagefile, update the GPU backend.",)
        kind = "backend-died"
    elif ws and not local:
        text = (f"The browser could not keep the queue WebSocket to {ws}: behind a reverse proxy/tunnel this means "
                "WebSocket upgrades are not forwarded or time out (or the backend is down).")
        fix = ("Forward WebSockets in the proxy (nginx: proxy_http_version 1.1, Upgrade/Connection headers, long proxy_read_timeout; "
               "Cloudflare: enable WebSockets).",
               f"Compare with the local address on the server itself (http://127.0.0.1:{port or '<port>'}).")
        kind = "proxy-path"
    else:
        text = ("The page lost its connection to the Gradio server. Check whether the server process is still running: "
                "if it exited, its console holds the real error; if it runs, a proxy/VPN/extension dropped the connection.")
        fix = ("Read the server console around the time of the error.",
               f"Try http://127.0.0.1:{port or '<port>'} in a private window without extensions and without a system proxy.")
        kind = "unknown"
    return Explanation(text=text, fix=fix, derived={"kind": kind, "where": where})
