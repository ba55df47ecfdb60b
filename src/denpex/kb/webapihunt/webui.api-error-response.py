"""Computed diagnosis for webui.api-error-response: read the error type and message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    etype = facts.get("error_type")
    if not etype:
        return None
    detail = str(facts.get("detail") or "")
    errors = str(facts.get("errors") or "")
    said = detail or errors or "no message"
    fix: list[str] = []
    if "Invalid encoded image" in detail:
        diagnosis = "init image is not plain base64"
        fix.append("Send base64.b64encode(open(path,'rb').read()).decode() without a 'data:image/...;base64,' prefix, not a path or ''.")
    elif "not found" in detail.lower():
        diagnosis = f"unknown name: {detail}"
        fix.append("Use names exactly as the server lists them (GET /sdapi/v1/samplers, /scripts, /sd-models).")
    elif "current event loop" in errors:
        diagnosis = "asyncio event-loop error in the server"
        fix.append("Update the web UI and the extension involved; the error comes from an old asyncio use in a worker thread.")
    elif "out of memory" in errors.lower() or etype == "OutOfMemoryError":
        diagnosis = "generation ran out of GPU memory"
        fix.append("Lower width/height/batch_size or start the web UI with --medvram/--lowvram.")
    else:
        diagnosis = f"{etype} raised in the server"
        fix.append("Read the web UI console for the traceback of this exception and fix it there.")
    text = f"The web UI handled the API request and raised {etype} ({said})."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
