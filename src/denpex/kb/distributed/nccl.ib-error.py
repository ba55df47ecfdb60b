"""Computed diagnosis for nccl.ib-error: what the ibverbs work-completion status means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# enum ibv_wc_status (libibverbs verbs.h): number -> (name, meaning, what to check)
_WC = {
    1: ("IBV_WC_LOC_LEN_ERR", "a posted receive buffer was too small for the incoming message, or a send was too long",
        "Usually a software mismatch between peers (different NCCL versions/plugins); align versions."),
    2: ("IBV_WC_LOC_QP_OP_ERR", "the local queue pair hit an internal consistency error for this request",
        "Check HCA firmware/driver versions; reset the HCA if it recurs."),
    4: ("IBV_WC_LOC_PROT_ERR", "the local NIC refused to access a buffer: the memory registration (lkey) is not valid for it",
        "Check GPUDirect RDMA (lsmod | grep nvidia_peermem, dma-buf support) and test with NCCL_NET_GDR_LEVEL=LOC."),
    5: ("IBV_WC_WR_FLUSH_ERR", "the request was flushed because the queue pair was already in the error state",
        "This is secondary: find the first completion error with another status on this or the peer host."),
    7: ("IBV_WC_BAD_RESP_ERR", "the remote NIC sent an unexpected transport response",
        "Check both HCAs' firmware and the switch path."),
    8: ("IBV_WC_LOC_ACCESS_ERR", "a protection error on a local buffer during an RDMA read response",
        "Check memory registration and GPUDirect RDMA setup."),
    9: ("IBV_WC_REM_INV_REQ_ERR", "the remote side found the request invalid",
        "Version or configuration mismatch between peers; check the peer's log."),
    10: ("IBV_WC_REM_ACCESS_ERR", "the remote NIC refused access to its memory (rkey not valid for the address/permission)",
         "Check GPUDirect RDMA on the peer (nvidia-peermem / dma-buf) and whether the peer freed or re-registered the buffer."),
    11: ("IBV_WC_REM_OP_ERR", "the remote side could not complete the operation",
         "Look at the peer host's log and HCA state at that time."),
    12: ("IBV_WC_RETRY_EXC_ERR", "transport retry counter exceeded: the NIC resent packets without any acknowledgement from the remote NIC",
          "Check the link between the hosts (ibstat, port counters, cable/transceiver, switch), whether the peer node was up, and RoCE PFC/ECN; consider NCCL_IB_TIMEOUT=22."),
    13: ("IBV_WC_RNR_RETRY_EXC_ERR", "receiver-not-ready retries exceeded: the peer had no receive buffer posted for too long",
         "The peer process was stalled or gone; check its log."),
    19: ("IBV_WC_FATAL_ERR", "the NIC reported a fatal error",
         "Check dmesg for mlx5 errors; the HCA may need a reset or replacement."),
    20: ("IBV_WC_RESP_TIMEOUT_ERR", "the response to the request timed out",
         "Link or congestion problems on the path to the peer."),
    21: ("IBV_WC_GENERAL_ERR", "an unspecified transport error",
         "Check HCA and switch logs."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("ib_error")
    name = facts.get("ib_status")
    vendor = facts.get("vendor_err")
    peer = facts.get("peer")
    hca = facts.get("hca")
    req = facts.get("req_type")
    if code is None and name is None and hca is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    entry = _WC.get(code) if isinstance(code, int) else None
    if entry is None and isinstance(name, str):
        entry = next((v for v in _WC.values() if v[0] == name), None)
    if entry is None and code is None and name is None:
        # retry-counter wording without a number
        entry = _WC[12]
    where = f" on the connection to {peer}" if peer else ""
    op = f" ({req} request)" if req else ""
    if entry:
        derived["ib_status_name"] = entry[0]
        num = f"status {code} = " if isinstance(code, int) else ""
        parts.append(f"An RDMA work request{op}{where} completed with {num}{entry[0]}: {entry[1]}.")
        fix.append(entry[2])
    else:
        parts.append(f"An RDMA work request{op}{where} completed with error status {code}.")
    if isinstance(vendor, int):
        derived["vendor_err_hex"] = hex(vendor)
        parts.append(f"Vendor syndrome {vendor} ({hex(vendor)}) is the HCA-specific detail code.")
    if hca:
        parts.append(f"Local HCA port: {hca}.")
        fix.append(f"ibstat {str(hca).split(':')[0]}; check its port state and error counters (perfquery / ethtool -S).")
    if peer:
        fix.append(f"Check the same time in the log of the rank on {peer} and run nccl-tests between {peer} and this host.")
    if isinstance(code, int) and code == 5:
        derived["secondary"] = True
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
