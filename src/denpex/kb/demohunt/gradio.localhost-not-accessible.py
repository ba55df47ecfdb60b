"""Computed diagnosis for gradio.localhost-not-accessible: the NO_PROXY line for the URL Gradio checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOOPBACK = ("localhost", "127.0.0.1", "::1")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = facts.get("local_url")
    host = str(facts.get("local_host") or "")
    hosts = list(_LOOPBACK)
    if host and host not in hosts and host != "0.0.0.0":
        hosts.append(host)
    no_proxy = ",".join(hosts)
    if host and host not in _LOOPBACK and host != "0.0.0.0":
        diagnosis = f"self-check of {host} failed (proxy or unreachable server_name)"
        text = (f"Gradio could not open its own URL {url}: either the request to {host} went through a proxy, "
                f"or {host} is not reachable from this machine (wrong server_name / firewall).")
    else:
        diagnosis = "proxy intercepts the request to localhost"
        text = (f"Gradio could not open its own local URL{(' ' + str(url)) if url else ''}: the request went "
                "through an HTTP proxy (environment variables or a VPN/system proxy), which cannot reach this machine's localhost.")
    fix = (f"export NO_PROXY={no_proxy} no_proxy={no_proxy}   (Windows: set no_proxy={no_proxy})",
           f"or in the script before import gradio: os.environ['no_proxy'] = '{no_proxy}'")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
