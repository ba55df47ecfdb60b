"""Computed diagnosis for dist.init-method-bracketed-host: tell IPv4 from hostname hosts."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    host = facts.get("host")
    if sig == "bracketed-name-not-ip" and isinstance(host, str) and host:
        try:
            ipaddress.ip_address(host)
            is_ip = True
        except ValueError:
            is_ip = False
        if is_ip:
            return None
        text = (f"The init_method URL has [{host}] as host: a hostname inside brackets, which Python 3.11.4+/3.12 rejects "
                "(brackets are for IPv6 literals only).")
        fix = (f"Set MASTER_ADDR / --master_addr to the numeric IP of {host} (e.g. 127.0.0.1 for a local run).",
               "Upgrade the launcher so it brackets only IPv6 addresses, or use Python <= 3.11.3 until it does.")
        return Explanation(text=text, fix=fix,
                           derived={"diagnosis": "hostname in brackets"})
    if sig == "ipv4-in-brackets":
        text = ("The init_method URL was built as tcp://[<IPv4>]:<port>; Python 3.11.4+/3.12 rejects an IPv4 address "
                "inside brackets.")
        fix = ("Upgrade the library that builds the URL (ColossalAI launch, vLLM, ...) to a release that brackets only IPv6.",
               "Or patch it: tcp://{host}:{port} for IPv4/hostnames, tcp://[{host}]:{port} only when ':' in host.",
               "Or run on Python 3.10 / <= 3.11.3.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "IPv4 address in brackets"})
    return None
