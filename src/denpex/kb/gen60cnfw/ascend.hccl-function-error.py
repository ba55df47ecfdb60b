"""Computed diagnosis for ascend.hccl-function-error: name the HcclResult code and say what to check for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES: dict[int, tuple[str, str]] = {
    1: ("HCCL_E_PARA", "a parameter HCCL rejected: usually the rank-to-device mapping (two ranks on one NPU, a device list that differs between ranks) or a world size that does not match the ranks that joined."),
    2: ("HCCL_E_PTR", "a null pointer passed to HCCL (communicator or buffer not created): look for an earlier failure on this rank."),
    3: ("HCCL_E_MEMORY", "HCCL could not get device memory for its buffers: free NPU memory (HCCL_BUFFSIZE, other processes on the card)."),
    4: ("HCCL_E_INTERNAL", "an internal HCCL failure: read the EI/EJ block and the device plog; mismatched torch_npu/CANN/driver versions and multi-node network setup are the usual causes."),
    5: ("HCCL_E_NOT_SUPPORT", "a feature this chip or CANN version does not support (common on 300I Duo / 310P): change the parallel layout or upgrade CANN."),
    6: ("HCCL_E_NOT_FOUND", "a resource HCCL looked for was not found (ranktable entry, device, interface)."),
    7: ("HCCL_E_UNAVAIL", "a resource is unavailable: a previous job's HCCP process still holds the NPU or the HCCL port is already bound; kill leftovers (npu-smi info), wait ~10 s, or use another HCCL_IF_BASE_PORT."),
    8: ("HCCL_E_SYSCALL", "a system call inside HCCL failed: check the initialisation parameters and container privileges/device mounts."),
    9: ("HCCL_E_TIMEOUT", "a peer did not answer in time: find the rank that failed or started late, or raise HCCL_CONNECT_TIMEOUT."),
    10: ("HCCL_E_OPEN_FILE_FAILURE", "HCCL could not open a file it needs (ranktable JSON, config): check the path and permissions."),
    11: ("HCCL_E_TCP_CONNECT", "the TCP connection between ranks failed: check HCCL_IF_IP / HCCL_SOCKET_IFNAME, firewalls and that both ends' ports are free."),
    12: ("HCCL_E_ROCE_CONNECT", "the RoCE link between NPUs failed: check hccn_tool -net_health / -ip on every device and the HCCN subnets."),
    13: ("HCCL_E_TCP_TRANSFER", "a TCP transfer between ranks failed mid-way: network instability or a peer that died."),
    14: ("HCCL_E_ROCE_TRANSFER", "a RoCE transfer failed: NPU network link errors or a peer that died."),
    15: ("HCCL_E_RUNTIME", "an ACL runtime call inside HCCL failed: the device itself is unhealthy or torch_npu/CANN/driver do not match."),
    16: ("HCCL_E_DRV", "a driver call inside HCCL failed: check the NPU driver/firmware version against CANN and the device health."),
    19: ("HCCL_E_NETWORK", "a network error: check the NPU network configuration (hccn_tool) and HCCL_IF_IP."),
    21: ("HCCL_E_REMOTE", "the remote rank reported an error: the root cause is in the other rank's log."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("hccl_code")
    call = str(facts.get("hccl_call") or "")
    ei = facts.get("ei_code")
    if code is None and not call:
        return None
    derived: dict[str, Any] = {}
    where = "while creating the communicator" if "init" in call.lower() or "create" in call.lower() else "in an HCCL collective call"
    if code is None:
        derived["what"] = f"{call} failed {where}"
        return Explanation(text=f"HCCL returned an error {where}; the error code was not in the log.", fix=(), derived=derived)
    try:
        code_i = int(code)
    except (TypeError, ValueError):
        return None
    name, hint = _CODES.get(code_i, (f"HcclResult {code_i}", "an HCCL error code without a known meaning here: read the EI/EJ block under ERR02200 and the device plog."))
    derived["hccl_result"] = name
    derived["what"] = f"{call or 'HCCL call'} returned {name} ({code_i}) {where}"
    text = f"{call or 'The HCCL call'} returned {name} (error code {code_i}) {where}: {hint}"
    fix: list[str] = []
    if ei:
        derived["cann_code"] = str(ei)
        text += f" CANN's own block ({ei}) printed just below says the same in detail."
    if code_i == 7:
        fix += ["npu-smi info: kill processes left from the previous run on these devices, wait ~10 s for HCCP to exit, then restart.",
                "If two jobs must share a node, give them disjoint HCCL_IF_BASE_PORT ranges and device sets."]
    elif code_i == 1:
        fix += ["Call torch.npu.set_device(local_rank) before init_process_group and allocate on f'npu:{local_rank}', not a fixed npu:0.",
                "Check that tensor_parallel x pipeline_parallel x data_parallel equals the number of ranks started, and ASCEND_RT_VISIBLE_DEVICES matches on all nodes."]
    elif code_i in (9, 11, 12, 13, 14, 19):
        fix += ["Set HCCL_IF_IP / HCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) to the interface the nodes share; check firewalls.",
                "Run hccn_tool -i <dev> -net_health -g and -ip -g on every device of every node."]
    else:
        fix += ["Read the EI/EJ block under ERR02200 and the plog (ASCEND_GLOBAL_LOG_LEVEL=1, ASCEND_SLOG_PRINT_TO_STDOUT=1).",
                "Check that torch_npu, CANN toolkit/kernels and the NPU driver are versions documented to work together."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
