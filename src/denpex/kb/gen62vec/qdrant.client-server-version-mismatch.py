"""Computed diagnosis for qdrant.client-server-version-mismatch: how far apart the versions are and what to pin."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _mm(v: str) -> tuple[int, int] | None:
    m = re.match(r"(\d+)\.(\d+)", v or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    c, s = str(facts.get("client_version") or ""), str(facts.get("server_version") or "")
    cm, sm = _mm(c), _mm(s)
    if not cm or not sm:
        return None
    if cm[0] != sm[0]:
        gap = f"major versions differ ({cm[0]} vs {sm[0]})"
    else:
        d = cm[1] - sm[1]
        gap = (f"client {abs(d)} minor versions {'newer' if d > 0 else 'older'} than the server "
               f"(at most 1 is supported)")
    pin = f"qdrant-client=={sm[0]}.{sm[1]}.*"
    if cm > sm:
        text = (f"qdrant-client {c} is newer than the Qdrant server {s} ({gap}): it calls endpoints and parameters the old "
                "server lacks, so 404 Not Found / 400 errors or missing points follow.")
        fix = (f"Upgrade the server image to qdrant/qdrant:v{cm[0]}.{cm[1]}.x and restart the container,",
               f"or pin the client to the server: pip install '{pin}'.")
    else:
        text = (f"qdrant-client {c} is older than the Qdrant server {s} ({gap}): newer server behaviour and newer code paths "
                "(methods added since) are missing from this client.")
        fix = (f"pip install -U 'qdrant-client=={sm[0]}.{sm[1]}.*' (or the newest client).",)
    return Explanation(text=text, fix=fix, derived={"gap_desc": gap, "pin": pin})
