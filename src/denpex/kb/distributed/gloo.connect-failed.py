"""Computed diagnosis for gloo.connect-failed: loopback advertisement vs unreachable peer vs timeout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    remote = facts.get("remote_host")
    port = facts.get("remote_port")
    fallback = facts.get("loopback_fallback")
    if not (reason or remote or fallback):
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    low = reason.lower()
    loop = bool(facts.get("remote_loopback")) or bool(remote and str(remote).startswith(("127.", "::1", "localhost")))
    if loop or fallback:
        derived["what"] = "set GLOO_SOCKET_IFNAME on every node: a rank advertised a loopback address"
        if loop:
            parts.append(f"A peer advertised {remote}:{port}, a loopback address (127.x): its hostname resolves to 127.x, so other nodes connect to themselves.")
        else:
            parts.append("This rank could not resolve its hostname to a local address and fell back to loopback, which ranks on other nodes cannot reach.")
        fix.append("export GLOO_SOCKET_IFNAME=<inter-node interface> on every node (ip route get $MASTER_ADDR shows it).")
        fix.append("Or map the hostname to the cluster IP in /etc/hosts instead of 127.0.1.1.")
    elif str(facts.get("gloo_file") or "").startswith("device.cc") and "rv != -1" in reason:
        derived["what"] = "gloo could not set up its TCP device: set GLOO_SOCKET_IFNAME, check this host's name resolution"
        parts.append(
            f"Gloo failed a socket call ({facts.get('gloo_file')}: {reason}) while creating its TCP device, before connecting to any peer: "
            "it looks up an address for this host (its hostname, or the interface named by GLOO_SOCKET_IFNAME) and binds to it, and "
            "that address was unusable - the hostname resolves to an address no local interface has, or the interface name is wrong."
        )
        fix.append("export GLOO_SOCKET_IFNAME=<interface with the cluster IP> (ip -br addr) on every node; or set MASTER_ADDR and the hostname mapping to that IP.")
        fix.append("Check getent hosts $(hostname): it must print an address of a local interface, not a stale /etc/hosts entry.")
    elif low.startswith("no error") or "timed out" in low or "timeout" in low:
        derived["what"] = "connect timed out: pin GLOO_SOCKET_IFNAME to the inter-node interface and open TCP between nodes"
        parts.append(
            f"The connection attempt timed out ('{reason}'; old gloo reports a timed-out connect as 'no error'): packets to the peer's advertised "
            "address are dropped - a bridge/management interface was chosen, or a firewall blocks gloo's ephemeral ports."
        )
        fix.append("export GLOO_SOCKET_IFNAME=<interface that reaches the other nodes> on every node.")
        fix.append("Allow TCP between the nodes on all ports (gloo uses ephemeral ports), then retry.")
    elif "refused" in low:
        derived["what"] = f"connection refused by {remote or 'a peer'}" + (f":{port}" if port else "")
        parts.append(f"The peer {remote or ''}{':' + str(port) if port else ''} refused the connection: nothing listens there - the peer exited, or it advertised an address of another machine.")
        fix.append("Check the other ranks for an earlier failure; then verify each node's hostname resolves to its own cluster IP (getent hosts $(hostname)).")
    else:
        derived["what"] = reason or "connect failed"
        parts.append(f"Gloo could not connect to a peer: {reason}" + (f" (remote {remote}:{port})" if remote else "") + ".")
        fix.append("Set GLOO_SOCKET_IFNAME to the inter-node interface on every node and check TCP reachability between nodes.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
