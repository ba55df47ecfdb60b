"""Computed diagnosis for webui.api-not-found: route, port and the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    port = facts.get("port")
    if not path and port is None and not facts.get("_signature"):
        return None
    route = str(path) if path else "the /sdapi/v1 route"
    fix = ["Start the web UI with --api (COMMANDLINE_ARGS in the webui-user file you launch) and restart."]
    notes = []
    if path and "text2img" in str(path):
        notes.append("the route is txt2img, not text2img")
        fix.insert(0, "Use /sdapi/v1/txt2img (the client asks for text2img).")
    if path and str(path).count("/sdapi/") > 1:
        notes.append("the path contains /sdapi/ twice: the base URL already holds it")
    if port is not None:
        try:
            p = int(port)
        except (TypeError, ValueError):
            p = None
        if p == 7861:
            notes.append("port 7861 is the --nowebui API port")
            fix.append("With --nowebui the API is on 7861; without it (plain --api) the API shares 7860 with the UI.")
        elif p is not None and p != 7860:
            fix.append(f"Check that port {p} is the web UI's --port.")
    diagnosis = "; ".join(notes) if notes else "API routes not mounted (--api missing)"
    text = f"The server answered 404 for {route}: " + (diagnosis if notes else "the web UI runs without --api, or the client uses another path/port.")
    fix.append("Open http://HOST:PORT/docs and compare the route list with the client's URL.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
