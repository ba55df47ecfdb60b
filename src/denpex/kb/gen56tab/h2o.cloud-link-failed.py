"""Computed diagnosis for h2o.cloud-link-failed: local or remote server, and what the retries saw."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOCAL = ("localhost", "127.0.0.1", "0.0.0.0", "::1")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = facts.get("url")
    host = facts.get("host")
    port = facts.get("port")
    if isinstance(url, str):
        m = re.match(r"https?://([^/:]+)(?::(\d+))?", url)
        if m:
            host = host or m.group(1)
            if m.group(2) and not port:
                port = int(m.group(2))
    if not host:
        return None
    derived: dict[str, Any] = {"host": host}
    if port:
        derived["port"] = port
    local = host in _LOCAL
    derived["local"] = local
    parts: list[str] = []
    fix: list[str] = []
    where = f"{host}:{port}" if port else host
    retries = facts.get("retries")
    parts.append(f"No healthy H2O server answered at {where}" + (f" in {retries} tries" if retries else "") + ".")
    proxy = facts.get("proxy_var")
    status = facts.get("http_status")
    cause = facts.get("cause")
    if proxy:
        derived["diagnosis"] = f"{proxy} routes the H2O requests through a proxy"
        parts.append(f"The environment defines {proxy}, so the client's requests to {where} went to that proxy"
                     + (" (a local address the proxy cannot reach)." if local else "."))
        fix.append(f"os.environ['NO_PROXY'] = '{host},localhost,127.0.0.1' before h2o.init() (or unset {proxy}).")
    elif status:
        derived["diagnosis"] = f"HTTP {status} from {where}"
        parts.append(f"Something answered with HTTP {status}: a proxy in between or a server that is not ready/healthy.")
        fix.append("Check the proxy variables (env | grep -i proxy) and the cluster health: curl --noproxy '*' "
                   f"http://{where}/3/Cloud")
    elif isinstance(cause, str) and cause:
        derived["diagnosis"] = cause
        parts.append(f"Each try failed with: {cause}.")
    if local:
        parts.append("The address is this machine: if no server was running, h2o.init() had to start java itself.")
        fix.append("java -version (supported 64-bit Java?) and read the h2o_*_started_from_python.out/.err files h2o.init() printed.")
        fix.append(f"If port {port or 54321} is taken by another process, use h2o.init(port={(port or 54321) + 2}).")
    else:
        fix.append(f"Check that {where} is the cluster's address and reachable: curl http://{where}/3/Cloud")
    derived.setdefault("diagnosis", "no H2O server reachable")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
