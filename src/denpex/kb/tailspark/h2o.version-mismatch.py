"""Computed diagnosis for h2o.version-mismatch: which side is older, and the pip pin to match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _key(v: str) -> tuple[int, ...] | None:
    try:
        return tuple(int(p) for p in v.split("."))
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    s, c = facts.get("server_version"), facts.get("client_version")
    if not (s and c):
        return None
    s, c = str(s), str(c)
    ks, kc = _key(s), _key(c)
    dev = s.endswith(".99999") or c.endswith(".99999")
    if ks and kc and ks != kc:
        newer = "server" if ks > kc else "client package"
        text = f"The H2O server runs {s} and the client package is {c}: the {newer} is newer."
    else:
        text = f"The H2O server runs {s} and the client package is {c}."
    if dev:
        text += " A .99999 version is a developer build, not a release."
    fix = [
        f"Shut down the running {s} server (kill its java process or h2o.cluster().shutdown()) and rerun h2o.init() to start the bundled {c} jar.",
    ]
    if not dev and ks:
        fix.append(f"Or match the client to the server: pip install h2o=={s}.")
    fix.append("Or start your own server on another port: h2o.init(port=54323).")
    return Explanation(text=text, fix=tuple(fix), derived={})
