"""Computed diagnosis for horovod.launch-failed: which phase failed and for which host."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = facts.get("host")
    reason = facts.get("ssh_reason")
    activity = facts.get("activity")
    timeout_s = facts.get("timeout_s")
    h = host or "<host>"
    fix: list[str] = []
    if activity:
        t = f" after {timeout_s} s" if timeout_s else ""
        text = f"horovodrun's hosts did not finish '{activity}'{t}: ssh worked, but the task services could not reach the driver or each other in time."
        new = max(int(timeout_s) * 4, 120) if isinstance(timeout_s, int) else 300
        fix.append(f"Re-run with --verbose and --start-timeout {new}; if it still times out, the network path is blocked.")
        fix.append("Open all TCP ports between the hosts and pick the interface: --network-interface <iface> (avoid docker0/lo); run containers with --network=host.")
    elif reason or host:
        why = {
            "Connection timed out": f"nothing answers on the ssh port of {h} (sshd not running there, wrong -p port, or a firewall)",
            "Connection refused": f"{h} refuses ssh on that port (sshd not running or listening on another port)",
            "Host key verification failed": f"{h}'s host key is not in known_hosts and horovodrun cannot prompt",
            "No route to host": f"{h} is not reachable from this machine",
            "Network is unreachable": f"{h} is not reachable from this machine",
            "Could not resolve hostname": f"the name {h} does not resolve here",
        }.get(str(reason), None)
        if reason and str(reason).startswith("Permission denied"):
            why = f"{h} rejected the key ({reason}): no passwordless key for this user"
        text = f"horovodrun's ssh check failed for {h}" + (f": {why}." if why else ".")
        fix.append(f"ssh -o BatchMode=yes -p <port> {h} true must succeed from the launching host; pass the same port with horovodrun -p <port>.")
        if reason == "Host key verification failed":
            fix.append(f"ssh-keyscan -p <port> {h} >> ~/.ssh/known_hosts")
        elif reason and str(reason).startswith("Permission denied"):
            fix.append(f"ssh-copy-id -p <port> {h} (or --ssh-identity-file <key>)")
        else:
            fix.append(f"Start sshd on {h} (in Docker: /usr/sbin/sshd -p <port>, container run with --network=host).")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived={})
