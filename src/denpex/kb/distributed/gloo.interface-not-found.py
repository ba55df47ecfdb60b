"""Computed diagnosis for gloo.interface-not-found: interface vs hostname lookup, and what to set."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    iface = facts.get("iface")
    host = facts.get("hostname")
    addr = facts.get("address")
    err = facts.get("os_error")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if iface:
        names = [n for n in str(iface).split(",") if n]
        derived["what"] = f"set GLOO_SOCKET_IFNAME to an interface that exists here (no interface '{iface}' with an address)"
        parts.append(f"GLOO_SOCKET_IFNAME names '{iface}', but this host has no interface of that name with an IP address.")
        if any(n.startswith("ib") for n in names):
            parts.append("ib* names are IPoIB interfaces: they exist only where IPoIB is configured and are usually absent inside containers.")
        elif any(n.startswith(("bond", "enp", "ens", "eno")) for n in names):
            parts.append("Host interface names like bond*/en* usually do not exist inside a bridged container (which has eth0), and differ between machines.")
        elif any(n == "eth0" for n in names):
            parts.append("Hosts with predictable interface names have ens*/enp*/eno* instead of eth0.")
        fix.append("List the interfaces on this node: ip -br addr; then export GLOO_SOCKET_IFNAME=<the one carrying the cluster network> on every node.")
        fix.append("If nodes differ, compute it per node: export GLOO_SOCKET_IFNAME=$(ip route get $MASTER_ADDR | grep -oP 'dev \\K\\S+').")
    elif host and err:
        derived["what"] = f"{host} resolves to {addr}, which cannot be bound here ({err})"
        parts.append(f"No GLOO_SOCKET_IFNAME was set, so gloo used the hostname '{host}'; it resolves to {addr}, which bind(2) rejected with '{err}'.")
        if str(err).lower().startswith("cannot assign"):
            parts.append("That address does not belong to this machine: /etc/hosts or DNS maps the hostname to another node's IP.")
        fix.append(f"Fix the mapping of {host} in /etc/hosts / DNS, or set GLOO_SOCKET_IFNAME to the local cluster interface.")
    elif host:
        derived["what"] = f"hostname '{host}' does not resolve; set GLOO_SOCKET_IFNAME or fix /etc/hosts"
        parts.append(f"No GLOO_SOCKET_IFNAME was set, so gloo looked up this host's name '{host}' and got no usable address.")
        fix.append(f"Add '<cluster ip> {host}' to /etc/hosts (or DNS), or export GLOO_SOCKET_IFNAME=<interface> (ip -br addr).")
    elif addr:
        a = str(addr)
        derived["what"] = f"address {a} belongs to no local interface"
        parts.append(f"The address gloo resolved for this host, {a}, is not assigned to any local interface.")
        num = facts.get("numeric_host")
        if num is None:
            m = re.fullmatch(r"0\.0\.0\.(\d+)", a)
            num = m.group(1) if m else None
        if num is not None:
            derived["what"] = f"numeric hostname '{num}' was read as IPv4 0.0.0.{num}: rename the host or set GLOO_SOCKET_IFNAME"
            parts.append(f"0.0.0.{num} is what a purely numeric hostname ('{num}') becomes when parsed as an IPv4 address.")
            fix.append("Give the node a non-numeric hostname, or set GLOO_SOCKET_IFNAME (and the framework's host IP setting) explicitly.")
        elif facts.get("loopback") or a.startswith("127."):
            parts.append("It is a loopback address: the hostname maps to 127.x in /etc/hosts.")
        fix.append("Set GLOO_SOCKET_IFNAME to the cluster interface, or make the hostname resolve to this node's IP.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
