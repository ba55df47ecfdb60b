"""Computed diagnosis for dist.c10d-socket-benign-warning: which warning, and what to read instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    port = facts.get("port")
    host = str(facts.get("host") or "")
    if sig == "server-ipv6-unsupported":
        text = (f"The TCPStore could not open an IPv6 listening socket on [{host or '::'}]:{port or '?'} because IPv6 is disabled here; "
                "it listens over IPv4 instead. This warning does not stop the job.")
        fix = ("Nothing to fix; if the run failed, look for the first error after this line.",)
        kind = "IPv6 listen not supported"
    elif sig == "client-ipv6-unsupported":
        mapped = host.startswith("::ffff:")
        where = f"[{host}]:{port}" if host else "the store"
        text = (f"A rank's IPv6 connection attempt to {where} failed with errno 97 (IPv6 disabled); c10d goes on with IPv4. "
                + ("The address is IPv4-mapped IPv6 (::ffff:...): passing the plain IPv4 address avoids the attempt. " if mapped else "")
                + "This warning does not stop the job.")
        ipv4 = host[len("::ffff:"):] if mapped else "<ipv4-of-master>"
        fix = (f"Optional: export MASTER_ADDR={ipv4} (numeric IPv4) to skip the IPv6 attempt; otherwise read the first real error.",)
        kind = "IPv6 connect not supported"
    elif sig == "client-hostname-not-retrieved":
        err = facts.get("err")
        text = (f"Reverse lookup of a peer address failed (getnameinfo err={err if err is not None else '?'}, EAI_AGAIN = -3); "
                "c10d logs the numeric address instead. If this line repeats every few seconds with nothing after it, the "
                "rendezvous is waiting for ranks that have not connected - check every node uses the same MASTER_ADDR/port.")
        fix = ("Optional: add the node/container hostnames to /etc/hosts to silence it.",
               "If it hangs: nc -zv $MASTER_ADDR $MASTER_PORT from each node, and compare the launch commands of all nodes.")
        kind = "reverse DNS lookup failed"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"kind": kind})
