"""Computed diagnosis for xgboost.rabit-connect-failed: loopback vs routable address, and what the socket error means."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(host: str) -> str:
    h = host.strip().lower()
    if h in ("localhost", "ip6-localhost") or h.startswith("127."):
        return "loopback"
    if h in ("ip", "<ip>", "host"):
        return "unknown"
    try:
        ip = ipaddress.ip_address(h)
    except ValueError:
        return "name"
    if ip.is_loopback:
        return "loopback"
    if ip.is_private:
        return "private"
    return "public"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = facts.get("host")
    error = (facts.get("error") or "").strip()
    if not host and not error:
        return None
    parts: list[str] = []
    fix: list[str] = []
    kind = _kind(str(host)) if host else "unknown"
    if kind == "loopback":
        diagnosis = f"tracker/peer advertised loopback address {host}"
        parts.append(f"The workers dial {host}, a loopback address: on any other host or container that is the worker itself, "
                     "so the connection can never reach the tracker or the peer.")
        fix.append("Make the tracker/workers advertise the LAN IP: dask-scheduler/dask-worker --host <ip>, the tracker's host_ip, "
                   "or map the host name to the LAN IP in /etc/hosts instead of 127.0.1.1.")
    elif kind in ("private", "public", "name"):
        diagnosis = f"{host} not reachable on the Rabit ports"
        parts.append(f"The workers retry {host}, a routable address, so the path is blocked: a firewall/security group, "
                     "a container network, or a tracker that has already exited.")
        fix.append(f"From a worker host run: nc -vz {host} 9091 (tracker) and open the tracker and worker ports between all nodes.")
    else:
        diagnosis = "Rabit connection failed"
        parts.append("A Rabit worker could not open a TCP connection to the tracker or a peer.")
        fix.append("Check the DMLC_TRACKER_URI/port the driver printed and test it with nc -vz from a worker.")
    if error:
        meaning = {
            "Connection refused": "the address is reachable but nothing listens on that port (tracker gone, wrong port, or loopback)",
            "Invalid argument": "the address could not be used for connect (often a host name that resolves oddly, e.g. 'localhost' in a container)",
            "Connection timed out": "packets are dropped on the way (firewall/security group)",
            "No route to host": "the network path does not exist (different subnet/VPC or firewall reject)",
        }.get(error)
        parts.append(f"The socket error is '{error}'" + (f": {meaning}." if meaning else "."))
    retry = facts.get("retry")
    if retry is not None and kind != "loopback":
        fix.append("On large clusters raise DMLC_WORKER_CONNECT_RETRY or stagger worker start-up.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
