"""Computed diagnosis for nccl.system-error: which system call failed and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OS_ERRORS = {
    "connection refused": "nothing listens on the peer's port: the peer process has exited or has not reached NCCL init yet",
    "no route to host": "the peer's address is not routable from this node on the chosen interface (wrong NCCL_SOCKET_IFNAME, firewall REJECT)",
    "network is unreachable": "this node has no route to the peer's subnet: NCCL picked the wrong interface",
    "connection timed out": "packets to the peer are silently dropped: firewall or security group, or wrong interface",
    "software caused connection abort": "the connection was torn down locally (interface or firewall change, or a peer that died)",
    "connection reset by peer": "the peer closed the connection abruptly, usually because it crashed",
    "bad file descriptor": "the socket was closed under NCCL, usually because the job was already being torn down",
}


def _version_tuple(v: str) -> tuple[int, ...] | None:
    try:
        return tuple(int(x) for x in v.split(".")[:3])
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if not facts:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    shm = facts.get("shm_path")
    size = facts.get("shm_size")
    peer = facts.get("peer")
    os_error = facts.get("os_error")
    warn = facts.get("warn_text")
    version = facts.get("nccl_version")
    where = facts.get("source_file")
    line = facts.get("source_line")
    call = facts.get("nccl_call")
    topo_dev = facts.get("topo_dev")
    named = bool(shm or peer or warn or topo_dev is not None)  # the log says which call failed

    if shm:
        desc = f"NCCL could not create or attach the shared-memory segment {shm}"
        if isinstance(size, int) and size > 0:
            derived["shm_size_mib"] = round(size / 2**20, 1)
            desc += f" ({size / 2**20:.1f} MiB)"
        err = str(os_error or "").lower()
        if "no space" in err:
            parts.append(desc + ": /dev/shm is full or too small (Docker's default is 64 MiB).")
        elif "no such file" in err:
            parts.append(desc + ": the segment created by another local rank is not visible here, i.e. the processes do not share one /dev/shm (separate containers or IPC namespaces), or the creator already exited.")
        else:
            parts.append(desc + ": /dev/shm is too small or not shared between the processes (typical in Docker/Kubernetes).")
        fix.append("Check df -h /dev/shm; run the container with --ipc=host or --shm-size=16g (K8s: emptyDir medium: Memory on /dev/shm).")
        fix.append("Stopgap: NCCL_SHM_DISABLE=1 (intra-node traffic falls back to slower paths).")
    if peer or (os_error and not shm):
        text = f"A socket connect to {peer or 'a peer'} failed"
        if os_error:
            text += f" with '{os_error}'"
            hint = _OS_ERRORS.get(str(os_error).strip().lower())
            if hint:
                text += f": {hint}"
        parts.append(text + ".")
        fix.append(
            f"Check reachability from this node: ping {peer or '<peer>'} and the interface NCCL chose ('NCCL INFO NET/Socket : Using ...'); "
            "pin it with NCCL_SOCKET_IFNAME=<iface> and open TCP between the nodes."
        )
    if warn:
        parts.append(f"NCCL found no usable network interface ('{warn}'): NCCL_SOCKET_IFNAME names an interface that does not exist here, or all interfaces were filtered out.")
        fix.append("List interfaces with ip -br addr and set NCCL_SOCKET_IFNAME to the one that carries the cluster network.")
    if topo_dev is not None:
        parts.append(
            f"NCCL loaded a graph/topology XML file whose channels name GPU dev {topo_dev}, which this process cannot see: "
            "the file was written for all GPUs of the machine and the job runs on a subset (CUDA_VISIBLE_DEVICES, "
            "--gpu_ids, fewer processes than GPUs)."
        )
        fix.append(
            "Find where the file comes from (env | grep NCCL_; cat /etc/nccl.conf ~/.nccl.conf): cloud images set "
            "NCCL_TOPO_FILE / NCCL_GRAPH_FILE there. Unset NCCL_GRAPH_FILE (and NCCL_TOPO_FILE if it also lists unseen "
            "GPUs) for subset runs, or run on all GPUs of the node."
        )
    if call:
        parts.append(f"The failing NCCL call was {call}()" + (" (communicator setup)." if "Init" in str(call) else "."))
    if where:
        loc = f"{where}:{line}" if line is not None else str(where)
        parts.append(f"Raised by the framework at {loc}.")
    if version:
        vt = _version_tuple(str(version))
        if vt and vt < (2, 13, 0):
            parts.append(
                f"NCCL {version} predates ncclRemoteError (2.13): a peer that crashed is also reported as a system error, "
                "so check the other ranks for an earlier failure."
            )
        if vt and vt < (2, 18, 0) and not named:
            fix.append("Rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET to get the NCCL WARN line naming the failed call.")
    if not parts:
        return None
    if not named:
        parts.insert(0, "NCCL reported a failed system or library call but the log does not say which one.")
        fix.append("Rerun with NCCL_DEBUG=INFO and read the first 'NCCL WARN' line; common causes are /dev/shm size, NCCL_SOCKET_IFNAME and IB settings.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
