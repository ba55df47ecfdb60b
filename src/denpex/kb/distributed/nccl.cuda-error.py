"""Computed diagnosis for nccl.cuda-error: what the CUDA error string inside NCCL means here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the CUDA error string, meaning, fix)
_CUDA = [
    ("out of memory", "the GPU had no free memory left for NCCL's channel buffers",
     "Leave headroom for NCCL (e.g. vLLM --gpu-memory-utilization 0.85, smaller batch) or shrink its buffers (NCCL_BUFFSIZE=2097152, NCCL_NVLS_ENABLE=0)."),
    ("peer access is not supported", "GPU peer-to-peer access is unavailable between these GPUs (VM, IOMMU/ACS, PCIe topology)",
     "NCCL_P2P_DISABLE=1 (or NCCL_P2P_LEVEL=NVL); on bare metal disable ACS / enable IOMMU passthrough."),
    ("system not yet initialized", "CUDA could not initialise NVSwitch-connected GPUs: nvidia-fabricmanager is not running or mismatches the driver",
     "systemctl start nvidia-fabricmanager (same version as the driver), then rerun."),
    ("operation not supported", "a CUDA feature NCCL tried (cuMem, NVLS multicast, IPC) is not supported by this driver/container",
     "NCCL_CUMEM_ENABLE=0 and/or NCCL_NVLS_ENABLE=0, or upgrade the driver; run containers with --ipc=host."),
    ("illegal memory access", "the CUDA context was already corrupted by an earlier kernel; NCCL is only the next caller to notice",
     "Find the first CUDA error or Xid earlier in the log; rerun with CUDA_LAUNCH_BLOCKING=1 to locate the faulting kernel."),
    ("unspecified launch failure", "a kernel crashed or the GPU faulted; NCCL noticed afterwards",
     "Check dmesg for Xid errors and the first CUDA error in the log."),
    ("invalid device ordinal", "the process tried to use a GPU index that does not exist (CUDA_VISIBLE_DEVICES / LOCAL_RANK mismatch)",
     "Make torch.cuda.set_device(local_rank) consistent with the GPUs visible to the process."),
    ("invalid argument", "a CUDA call received an invalid argument, often a driver/CUDA/NCCL version mismatch",
     "Align the driver, CUDA runtime and NCCL versions (pip nvidia-nccl-cu* matching torch)."),
    ("initialization error", "CUDA was used after fork() or the driver failed to initialise",
     "Use the 'spawn' start method for subprocesses that touch CUDA; check nvidia-smi works."),
]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = facts.get("cuda_error")
    code = facts.get("cuda_code")
    version = facts.get("nccl_version")
    where = facts.get("source_file")
    line = facts.get("source_line")
    if err is None and version is None and where is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if err:
        label = f"'{err}'" + (f" (CUDA error {code})" if code is not None else "")
        low = str(err).lower()
        for key, meaning, remedy in _CUDA:
            if key in low:
                parts.append(f"A CUDA call inside NCCL failed with {label}: {meaning}.")
                fix.append(remedy)
                derived["cuda_error_class"] = key
                derived["nccl_is_bystander"] = key in ("illegal memory access", "unspecified launch failure")
                break
        else:
            parts.append(f"A CUDA call inside NCCL failed with {label}.")
    else:
        parts.append("A CUDA call inside NCCL failed, but the log does not show which (no 'NCCL WARN Cuda failure' line).")
        fix.append("Rerun with NCCL_DEBUG=WARN to get the 'Cuda failure' line naming the CUDA error.")
    if where:
        parts.append(f"The framework raised it at {where}" + (f":{line}" if line is not None else "") + ".")
    if version:
        parts.append(f"NCCL version {version}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
