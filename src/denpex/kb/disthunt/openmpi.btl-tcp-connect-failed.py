"""Computed diagnosis for openmpi.btl-tcp-connect-failed: which address failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VIRTUAL = {
    "192.168.122.": "libvirt's virbr0 bridge (same address on every host)",
    "172.17.": "Docker's docker0 bridge",
    "10.88.": "a podman/CNI bridge",
    "10.244.": "a Kubernetes pod network (flannel)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    ip = str(facts.get("peer_ip") or "")
    reason = str(facts.get("reason") or "")
    errno = facts.get("errno")
    where = ""
    for prefix, what in _VIRTUAL.items():
        if ip.startswith(prefix):
            where = what
            break
    peer_text = f" to {ip}" if ip else ""
    if reason:
        peer_text += f" ({reason}{f', errno {errno}' if errno is not None else ''})"
    lines = []
    if ip and where:
        lines.append(f"The peer address {ip} belongs to {where}: it is not routed between nodes, "
                     "so Open MPI must be told to skip that interface.")
    elif ip:
        lines.append(f"A rank could not open a TCP connection to {ip}.")
    if errno == 111 or "refused" in reason.lower():
        lines.append("Connection refused: nothing listens there on the target - typically the address exists on the "
                     "local host too (a bridge), or a firewall rejects the port.")
    elif errno == 113 or "no route" in reason.lower():
        lines.append("No route to host: the address is on a subnet the sending node cannot reach.")
    elif errno == 110 or "timed out" in reason.lower():
        lines.append("Timed out: packets are dropped on the way (firewall or security group).")
    if sig == "unexpected-process-identifier":
        lines.append("The connection reached a different rank than intended: several hosts share the same private IP.")
    elif sig == "accept-cannot-find-guid":
        lines.append("A connection arrived from an address the receiver does not associate with any rank: "
                     "typically identical private IPs (virbr0) on several nodes.")
    elif sig == "oob-unable-to-complete":
        lines.append("The runtime daemons themselves could not call back: usually a firewall on the remote host.")
    if not lines:
        return None
    excl = "lo,docker0,virbr0"
    fix = (
        "mpirun --mca btl_tcp_if_include <data-iface> --mca oob_tcp_if_include <data-iface> ... "
        "(the interface whose address the nodes use to reach each other; a CIDR such as 10.0.0.0/24 also works)",
        f"or exclude the virtual bridges: --mca btl_tcp_if_exclude {excl} --mca oob_tcp_if_exclude {excl}",
        "Horovod: also -x NCCL_SOCKET_IFNAME=<data-iface> (horovodrun --network-interface <data-iface>).",
    )
    return Explanation(text=" ".join(lines), fix=fix, derived={"peer_text": peer_text})
