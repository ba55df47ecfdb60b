"""Computed diagnosis for dist.rendezvous-failed: which address, how long, and who is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOOPBACK = ("127.", "localhost", "::1", "0.0.0.0")
_ERRNO_HINTS = {
    110: "the connection attempt timed out: packets are dropped (firewall / security group) or the host is down",
    111: "connection refused: the host is up but nothing listens on that port (master not started yet, or another port)",
    113: "no route to host: routing or a host firewall rejects the traffic",
    101: "network unreachable: this node has no route to that network (wrong interface / subnet)",
    99: "cannot assign requested address: the local interface or address is wrong (often IPv6 vs IPv4 or a missing NIC)",
    104: "connection reset: the server process accepted and then dropped the connection (it crashed or restarted)",
}


def _timeout_seconds(facts: Mapping[str, Any]) -> float | None:
    if isinstance(facts.get("timeout_ms"), int):
        return facts["timeout_ms"] / 1000
    if isinstance(facts.get("timeout_s"), int):
        return float(facts["timeout_s"])
    if isinstance(facts.get("timeout_min"), int):
        return facts["timeout_min"] * 60.0
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = facts.get("host")
    port = facts.get("port")
    secs = _timeout_seconds(facts)
    joined, world = facts.get("joined"), facts.get("world_size")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if secs is not None:
        derived["timeout_seconds"] = secs
    if isinstance(joined, int) and isinstance(world, int):
        missing = world - joined
        derived["missing_clients"] = missing
        parts.append(
            f"The store server waited{f' {secs:.0f} s' if secs else ''} but only {joined} of {world} "
            f"processes registered: {missing} never arrived. The server itself is reachable; the missing "
            f"processes either never started, crashed before init_process_group, or cannot reach this address."
        )
        fix.append(f"Find the {missing} missing process(es): read the logs of the other node(s)/pods for an earlier crash or a launch failure.")
    if facts.get("_signature") == "connect-errno-localhost-retry":
        return Explanation(
            text=(f"A retry warning: a process connecting to the c10d store at {host}:{port} tried a loopback address that is not "
                  "usable here (errno 99) or was early, and torch retries. On one machine this is harmless when the run goes on; it "
                  "is a failure only when the log ends with 'The client socket has timed out ... while trying to connect to'."),
            fix=("Nothing to do if training continues. To silence it, use MASTER_ADDR=127.0.0.1 instead of localhost.",
                 "If the run hangs here: look for the rank that never started (its own error) and for a timeout line."),
            derived={"loopback_address": True},
        )
    if facts.get("_signature") == "keep-alive-failed":
        return Explanation(
            text=("The torchrun agent on this node lost the c10d rendezvous store while the job was running: its keep-alive "
                  "heartbeat could not reach the store. With --rdzv-backend=c10d the store lives inside the agent on the "
                  "--rdzv-endpoint node, so that agent was stopped (Ctrl-C, SIGTERM, its node died or was preempted) or the "
                  "network to it broke; this node then tears its own workers down (the SIGTERM lines after it)."),
            fix=("Read the log of the node that hosts --rdzv-endpoint: its agent stopped first, and its reason is the real failure.",
                 "If that node is expected to come and go (elastic scale-down), host the store outside the workers: an etcd "
                 "rendezvous (--rdzv-backend=etcd-v2) or a dedicated node that stays up for the whole job.",
                 "If nothing stopped there: check the network between the nodes and the --rdzv-endpoint address (nc -zv HOST PORT)."),
            derived={"store_host_lost": True},
        )
    if host is not None and port is not None:
        where = f"{host}:{port}"
        if secs is not None:
            parts.append(f"This process tried to reach the rendezvous store at {where} for {secs:.0f} s ({secs / 60:.1f} min) without success.")
        else:
            parts.append(f"This process could not reach the rendezvous store at {where}.")
        if str(host).startswith(_LOOPBACK):
            derived["loopback_address"] = True
            parts.append(
                f"{host} is a loopback/wildcard address: on a multi-node job other nodes cannot reach it. "
                "It is only correct when every process runs on the master's machine."
            )
            fix.append("Set MASTER_ADDR (or --rdzv-endpoint) to the master's address on the cluster network, not localhost.")
        fix.append(f"From this node: nc -zv {host} {port}   (on the master: ss -ltnp | grep :{port})")
        fix.append(f"Make MASTER_ADDR={host} and MASTER_PORT={port} identical on every node and open port {port} between nodes.")
    errno = facts.get("errno")
    if isinstance(errno, int) and errno in _ERRNO_HINTS:
        parts.append(f"errno {errno}: {_ERRNO_HINTS[errno]}.")
    if facts.get("gai_errno") is not None and host is not None:
        parts.append(f"The name {host} does not resolve on this node ({facts.get('reason', 'gai error')}).")
        fix.insert(0, f"Check name resolution on every node: getent hosts {host}  (or use the IP address instead).")
    if facts.get("_signature") == "legacy-host-not-found":
        parts.append(f"The rendezvous host name (MASTER_ADDR) does not resolve on this node ({facts.get('reason')}). On Kubernetes "
                     "(PyTorchJob) a worker can start before the master pod's Service has a DNS record; elsewhere the name is misspelt "
                     "or only known on the master.")
        fix.insert(0, "Check name resolution where the failing process runs: getent hosts $MASTER_ADDR (or use the master's IP).")
        fix.append("On Kubernetes: retry the connection until the master's Service resolves (newer training operators add an init container that waits for it), or upgrade torch, whose TCPStore retries.")
    if facts.get("backend"):
        parts.append(f"torchrun's rendezvous could not use the {facts['backend']}; the inner exception above it names the socket error.")
    if secs is not None and not (isinstance(joined, int) and isinstance(world, int)):
        fix.append(
            f"Only if a node is slow but healthy: raise the timeout above {secs:.0f} s "
            f"(init_process_group(timeout=timedelta(seconds={int(secs * 2)})) or --rdzv-conf timeout={int(secs * 2)})."
        )
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
