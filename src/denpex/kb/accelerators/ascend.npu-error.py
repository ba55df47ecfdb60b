"""Computed diagnosis for ascend.npu-error: the ACL runtime code and the CANN module prefix explained."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# rt_error_codes.h (CANN): the codes that training/inference logs show
_ACL = {
    107000: ("ACL_ERROR_RT_PARAM_INVALID", "invalid parameter", "usage"),
    107001: ("ACL_ERROR_RT_INVALID_DEVICEID", "invalid device id", "usage"),
    107022: ("ACL_ERROR_RT_DEVICE_TASK_ABORT", "device task aborting - collateral of an earlier fault", "collateral"),
    107027: ("ACL_ERROR_RT_STREAM_CAPTURED", "the stream is being captured (graph capture) and the call is not allowed", "usage"),
    207001: ("ACL_ERROR_RT_MEMORY_ALLOCATION", "device memory allocation failed", "memory"),
    207018: ("ACL_ERROR_RT_DEVICE_OOM", "device out of memory", "memory"),
    507000: ("ACL_ERROR_RT_INTERNAL_ERROR", "runtime internal error", "internal"),
    507008: ("ACL_ERROR_RT_SOC_VERSION", "SoC version error - CANN/kernels built for another chip", "stack"),
    507010: ("ACL_ERROR_RT_LOST_HEARTBEAT", "task scheduler lost heartbeat - the device hung", "hang"),
    507011: ("ACL_ERROR_RT_MODEL_EXECUTE", "model (graph/stream) execution failed - a task in it failed", "exec"),
    507013: ("ACL_ERROR_RT_SYS_DMA", "system DMA error", "hardware"),
    507014: ("ACL_ERROR_RT_AICORE_TIMEOUT", "AI Core task timed out", "timeout"),
    507015: ("ACL_ERROR_RT_AICORE_EXCEPTION", "AI Core kernel raised an exception", "kernel"),
    507016: ("ACL_ERROR_RT_AICORE_TRAP_EXCEPTION", "AI Core trap exception", "kernel"),
    507017: ("ACL_ERROR_RT_AICPU_TIMEOUT", "AI CPU task timed out", "timeout"),
    507018: ("ACL_ERROR_RT_AICPU_EXCEPTION", "AI CPU kernel raised an exception", "kernel"),
    507034: ("ACL_ERROR_RT_VECTOR_CORE_TIMEOUT", "vector core task timed out", "timeout"),
    507035: ("ACL_ERROR_RT_VECTOR_CORE_EXCEPTION", "vector core kernel raised an exception", "kernel"),
    507046: ("ACL_ERROR_RT_STREAM_SYNC_TIMEOUT", "stream synchronisation timed out", "timeout"),
    507047: ("ACL_ERROR_RT_EVENT_SYNC_TIMEOUT", "event synchronisation timed out", "timeout"),
    507048: ("ACL_ERROR_RT_FFTS_PLUS_TIMEOUT", "FFTS+ task timed out", "timeout"),
    507049: ("ACL_ERROR_RT_FFTS_PLUS_EXCEPTION", "FFTS+ task raised an exception", "kernel"),
    507053: ("ACL_ERROR_RT_DEVICE_MEM_ERROR", "device memory error (UCE)", "hardware"),
    507054: ("ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR", "HBM multi-bit ECC error", "hardware"),
    507056: ("ACL_ERROR_RT_LINK_ERROR", "link error", "hardware"),
    507899: ("ACL_ERROR_RT_DRV_INTERNAL_ERROR", "driver internal error, usually sticky after an earlier fault", "collateral"),
    507904: ("ACL_ERROR_RT_COMM_OP_RETRY_FAIL", "HCCL operation retry failed", "timeout"),
}
_MODULE = {"EZ": "AI Core operator execution", "E3": "AI CPU operator execution", "EE": "the runtime", "EI": "HCCL (collective communication)",
           "EJ": "HCCP (collective communication transport)"}
_FIX = {
    "kernel": "Rerun with ASCEND_LAUNCH_BLOCKING=1 and read the plog's 'fault kernel_name': check that operator's inputs (index ranges, shapes, dtypes), disable custom/fused kernels on that path, and upgrade CANN ops + torch_npu together.",
    "timeout": "Look at the other ranks/processes for the first failure (HCCL EI errors, a dead rank); a slow peer or a hung device makes this task time out. Raise HCCL_EXEC_TIMEOUT only for legitimately slow steps.",
    "memory": "Reduce batch/sequence length or vLLM-Ascend gpu_memory_utilization, and check npu-smi info for other processes on the card.",
    "hardware": "A hardware memory/link error: check npu-smi info -t health and ECC counters, and take the card out of service if it repeats.",
    "collateral": "This code follows an earlier failure on the device: scroll up (or check other ranks) for the first error and fix that.",
    "stack": "Install a CANN toolkit, ops package, driver and torch_npu built for this chip (npu-smi info shows the chip name) from one compatibility table.",
    "usage": "Fix the call: device ids, stream capture state (graph mode / ACL graph capture) and parameters passed to the ACL API.",
    "hang": "The device stopped responding: check npu-smi health and dmesg, reset the card, and look for a kernel that never finishes.",
    "exec": "Find the task that failed inside the graph: ASCEND_LAUNCH_BLOCKING=1 and the plog's first 'fault kernel_name' / 'Task execute failed'.",
    "internal": "Collect the plog and upgrade CANN/torch_npu; report with the failing operator if it persists.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("acl_code")
    mod = str(facts.get("ascend_code") or "")
    call = facts.get("acl_call")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if code is not None:
        code = int(code)
        name, meaning, kind = _ACL.get(code, (None, None, None))
        if name:
            derived["acl_name"] = name
            derived["what"] = f"{code} {name}" + (f" in {call}" if call else "")
            parts.append(f"ACL error {code} is {name}: {meaning}.")
            fix.append(_FIX[kind])
        else:
            band = {1: "a parameter/usage error", 2: "a resource error", 5: "an internal/execution error"}.get(code // 100000, "an ACL error")
            derived["what"] = f"ACL error {code}"
            parts.append(f"ACL error {code} is {band} (rt_error_codes.h band {code // 1000}xxx).")
            fix.append("Rerun with ASCEND_LAUNCH_BLOCKING=1 ASCEND_GLOBAL_LOG_LEVEL=1 ASCEND_SLOG_PRINT_TO_STDOUT=1 and read the first error in the plog.")
        if call and "Synchronize" in str(call):
            parts.append(f"{call} only reports it: the failing task ran earlier on the stream.")
    if mod:
        where = _MODULE.get(mod[:2])
        if where:
            parts.append(f"{mod} is the generic inner error of {where}.")
        elif mod[:2] in {"E5", "E6", "E7", "E8", "E9", "EA", "EB"}:
            parts.append(f"{mod} comes from operator compilation (E5-E8 parameter checks, E9-EB TBE compiler).")
        derived.setdefault("what", f"{mod} Inner Error" + (f" ({where})" if where else ""))
        if not fix:
            fix.append("Read the lines under the Inner Error block (fault kernel_name, reason=[...]) and rerun with ASCEND_LAUNCH_BLOCKING=1 to attribute it to an operator.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
