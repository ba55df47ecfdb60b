"""Computed diagnosis for net.bind-address-unavailable: what kind of address was refused."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(addr: str) -> str:
    a = addr.strip("[]")
    if a in ("::1", "localhost", "ip6-localhost"):
        return "ipv6-loopback"
    try:
        ip = ipaddress.ip_address(a)
    except ValueError:
        return "hostname" if a else "unknown"
    if ip.is_loopback:
        return "loopback"
    if ip.is_private:
        return "private"
    return "public"


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    if str(facts.get("call") or "").startswith((".connect", "create_connection")):
        return Explanation(
            text=("connect() could not get a local address: the client ran out of ephemeral ports (connections left in "
                  "TIME_WAIT by many short-lived requests), or the source address it was told to use is gone."),
            fix=("Reuse connections (requests.Session / keep-alive), widen net.ipv4.ip_local_port_range, enable "
                 "net.ipv4.tcp_tw_reuse; check with ss -tan state time-wait | wc -l.",),
            derived={"bind_addr_text": "a local address for an outgoing connection", "address_kind": "connect"},
        )
    addr = str(facts.get("bind_addr") or "").strip()
    port = facts.get("port")
    shown = f"{addr}:{port}" if addr and port else (addr or "the requested address")
    kind = _kind(addr)
    derived: dict[str, Any] = {"bind_addr_text": shown, "address_kind": kind}
    fix: list[str] = []
    if kind == "ipv6-loopback":
        text = (f"The server tried to listen on {shown}, the IPv6 loopback, and this system or container has no IPv6 "
                "(localhost resolved to ::1 first).")
        fix.append("Use --host 127.0.0.1 (or 0.0.0.0) instead of localhost / ::1, or enable IPv6 in the container.")
    elif kind == "public":
        text = (f"{addr} is a public address: a cloud VM only carries its private address, the provider's NAT maps the "
                "public one to it, so nothing on this machine can bind it.")
        fix.append(f"Listen on 0.0.0.0{':' + str(port) if port else ''} (or the private address `ip addr` shows) and keep {addr} for clients.")
    elif kind == "private":
        text = (f"{addr} is a private address that no interface of this machine carries: most often another node's "
                "address (a MASTER_ADDR or --host copied from elsewhere), a container's own network, or an interface that is not up.")
        fix.append("Run `ip -br addr` here and use one of its addresses or 0.0.0.0; on multi-node jobs set MASTER_ADDR to the rank-0 node's own address.")
    elif kind == "hostname":
        text = f"The host name {addr} resolved to an address this machine does not own."
        fix.append(f"Check `getent ahosts {addr}` on this machine; listen on 0.0.0.0 or an address `ip -br addr` lists.")
    else:
        text = ("The socket was refused an address this machine does not own (EADDRNOTAVAIL). If the failing call is "
                "connect() rather than bind(), the local port range is exhausted instead: thousands of connections in TIME_WAIT.")
        fix.append("For bind(): use 0.0.0.0 or an address `ip -br addr` lists. For connect(): reuse connections (requests.Session), "
                   "widen net.ipv4.ip_local_port_range.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
