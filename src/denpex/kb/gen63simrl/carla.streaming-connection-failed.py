"""Computed diagnosis for carla.streaming-connection-failed: socket error classified (refused / timed out / reset)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(reason: str) -> str:
    r = reason.lower()
    if "refused" in r or "errno 111" in r or "10061" in r:
        return "refused"
    if "timed out" in r or "timeout" in r or "10060" in r or "没有正确答复" in reason or "没有反应" in reason:
        return "timed-out"
    if "reset" in r or "broken pipe" in r or "end of file" in r:
        return "reset"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    kind = _kind(reason)
    if kind == "refused":
        text = ("The streaming port was reachable but nothing listens on it: the CARLA server crashed or restarted, "
                "or the port (RPC+1, 2001 by default) is not published from its container.")
        fix = ("Check the server is alive when the lines start; restart it and the client.",
               "docker run -p 2000-2002:2000-2002 (or --net=host) so the streaming port is published.")
    elif kind == "timed-out":
        text = ("The connect to the streaming port timed out: a firewall, security group or NAT drops traffic to "
                "RPC port + 1 (2001 by default), or the server advertises an address the client cannot reach.")
        fix = ("Open 2000-2002/tcp between client and server and test with nc -vz <server> 2001.",
               "Run the client on the server's network (or --net=host for the container).")
    elif kind == "reset":
        text = "The server closed the sensor stream connection: it is shutting down, crashed, or another server owns the port."
        fix = ("Look for a crash in the server log; run one server per port set (-carla-rpc-port=3000 for a second one).",)
    else:
        text = f"The client could not open the sensor stream ({reason}); the streaming port RPC+1 is not reachable."
        fix = ("Test the streaming port from the client: nc -vz <server> 2001.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
