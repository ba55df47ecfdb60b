"""Computed diagnosis for label-studio.ml-backend-rejected: what the /setup status and URL say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlparse

from denpex.models import Explanation

_STATUS = re.compile(r"(\d{3}) (?:Server|Client) Error")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "empty-results":
        return Explanation(
            text=("The backend answered /predict, but without a non-empty 'results' list: predict() returned nothing "
                  "for this task or a shape the installed Label Studio does not read."),
            fix=("Make predict() return one prediction per task, each with a non-empty result list (ModelResponse(predictions=[...]) "
                 "in label-studio-ml >= 2.0); log its return value for one task.",),
            derived={"diagnosis": "predict() returned no results"},
        )
    url = str(facts.get("url") or "")
    reason = str(facts.get("reason") or "")
    if not url:
        return None
    m = _STATUS.search(reason)
    status = int(m.group(1)) if m else None
    try:
        parsed = urlparse(url)
        host, port = parsed.hostname or "", parsed.port
    except ValueError:
        host, port = "", None
    fix: list[str] = []
    if status == 404 or port == 8080:
        diagnosis = f"{url} is not an ML backend" + (" (8080 is Label Studio's own port)" if port == 8080 else "")
        text = (f"/setup at {url} returned {status or 'an error'}: the address answers /health but has no ML backend "
                "/setup route" + (" - port 8080 is Label Studio's own default port; the backend listens on 9090 by default." if port == 8080 else "."))
        fix.append("Enter the ML backend's URL (default http://<host>:9090) in Settings > Machine Learning.")
    elif status is not None and status >= 500:
        diagnosis = f"backend raised during /setup ({status})"
        text = (f"The backend at {url} crashed while handling /setup (HTTP {status}): its model class failed to load or "
                "rejected the project's label config. The traceback is in the backend's own log, not in Label Studio's.")
        fix.append("Open the backend's console/log (label-studio-ml start output or docker compose logs) and fix the traceback logged for POST /setup.")
        fix.append("If the bundled examples fail too: install the label-studio-ml version that matches your Label Studio.")
    else:
        diagnosis = f"/setup failed: {reason or 'no reason'}"
        text = f"Label Studio reached {url} but /setup failed ({reason or 'no reason given'})."
        fix.append("Call POST /setup on the backend with curl to see its answer, then check the backend log.")
    if host in ("localhost", "127.0.0.1", "0.0.0.0"):
        fix.append("If Label Studio or the backend runs in Docker, localhost is the container itself: use the host IP or the compose service name.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
