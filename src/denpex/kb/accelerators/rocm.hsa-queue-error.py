"""Computed diagnosis for rocm.hsa-queue-error: the HSA status (name or bare code) explained, with free memory weighed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# hsa.h (0x1000+) and hsa_ext_amd.h (40+) status codes
_BY_CODE = {
    0x1000: "HSA_STATUS_ERROR", 0x1001: "HSA_STATUS_ERROR_INVALID_ARGUMENT",
    0x1002: "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION", 0x1003: "HSA_STATUS_ERROR_INVALID_ALLOCATION",
    0x1004: "HSA_STATUS_ERROR_INVALID_AGENT", 0x1006: "HSA_STATUS_ERROR_INVALID_SIGNAL",
    0x1007: "HSA_STATUS_ERROR_INVALID_QUEUE", 0x1008: "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
    0x1009: "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT", 0x100B: "HSA_STATUS_ERROR_NOT_INITIALIZED",
    0x100F: "HSA_STATUS_ERROR_INVALID_ISA", 0x1010: "HSA_STATUS_ERROR_INVALID_CODE_OBJECT",
    0x1016: "HSA_STATUS_ERROR_EXCEPTION",
    0x28: "HSA_STATUS_ERROR_INVALID_MEMORY_POOL", 0x29: "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION",
    0x2A: "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION", 0x2B: "HSA_STATUS_ERROR_MEMORY_FAULT",
    0x2D: "HSA_STATUS_ERROR_OUT_OF_REGISTERS", 0x2E: "HSA_STATUS_ERROR_RESOURCE_BUSY",
}

_ISA_FIX = ("Compare rocminfo's gfx name with torch.cuda.get_arch_list(); remove an HSA_OVERRIDE_GFX_VERSION that crosses GPU families, "
            "install a PyTorch/ROCm build that lists the gfx (or rebuild the extension with PYTORCH_ROCM_ARCH=<gfx>); in your own kernels lower the work-group size or add __launch_bounds__.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("hsa_status") or "")
    code_s = str(facts.get("code") or "")
    code = None
    if code_s:
        try:
            code = int(code_s, 16)
        except ValueError:
            code = None
    if not status and code is not None:
        status = _BY_CODE.get(code, "")
    if not status and code is None:
        return None
    short = status.removeprefix("HSA_STATUS_ERROR_") or "HSA_STATUS_ERROR"
    free_mb = facts.get("free_mb")
    derived: dict[str, Any] = {"what": f"{status or 'HSA status'}{f' ({code_s})' if code_s else ''}"}
    if status:
        derived["hsa_status"] = status
    fix: list[str] = []
    if short == "OUT_OF_RESOURCES":
        if free_mb is not None and int(free_mb) < 1024:
            text = (f"The runtime could not allocate what a dispatch needed and the device reports {free_mb} MB free: device memory is exhausted "
                    "(the allocation was the runtime's own, e.g. kernel scratch, so it aborted instead of raising an out-of-memory error).")
            fix += ["Reduce batch size / sequence length / resolution, enable activation checkpointing or offload, and make sure only one process uses the GPU (rocm-smi --showpids).",
                    "When an inference engine shares the GPU (e.g. a colocated vLLM rollout), lower its memory fraction so the other framework keeps headroom."]
        elif free_mb is not None:
            text = (f"The runtime could not allocate the resources for a dispatch although {free_mb} MB of device memory is free: it ran out of something else "
                    "(queues, signals/events, doorbells, host memory for mappings) - typically many processes or streams on one GPU.")
            fix += ["Reduce processes/threads/streams per GPU, check host RAM and ulimits (ulimit -n), and update ROCm (signal-allocation failures were turned into this status in 2025 releases)."]
        else:
            text = "The runtime could not allocate the resources for a dispatch: device memory (most often) or queues/signals/host memory."
            fix += ["Watch rocm-smi --showmeminfo vram --showpids while reproducing: near-full VRAM means shrink the workload; free VRAM means too many processes/streams or a host-side limit."]
            if code is None:
                text += " When a tool such as rocminfo fails this way at start-up, the runtime could not even open /dev/kfd or create its first queue."
                fix.append("Check access to /dev/kfd and /dev/dri (user in the render and video groups; docker run --device=/dev/kfd --device=/dev/dri), free host memory, and that no stale process holds the GPU.")
    elif short in ("MEMORY_APERTURE_VIOLATION", "MEMORY_FAULT"):
        text = f"A kernel accessed memory outside the process's mapped GPU address space ({short}): an out-of-bounds index, a freed buffer or a bad pointer."
        fix += ["Rerun with AMD_SERIALIZE_KERNEL=3 AMD_LOG_LEVEL=1 to name the kernel; fix its indexing (64-bit offsets for large tensors) or try the neighbouring ROCm release if it is a library kernel."]
    elif short == "EXCEPTION":
        text = ("A wavefront executed a trap (HSA_STATUS_ERROR_EXCEPTION, 0x1016): almost always a device-side assert that failed - an index out of range in "
                "embedding/gather/cross-entropy - or an explicit abort/__builtin_trap in a kernel.")
        fix += ["Check indices and labels on the host (ids < num_embeddings, targets < num_classes) or run the failing step on CPU to get the assertion text.",
                "AMD_SERIALIZE_KERNEL=3 makes the abort happen at the failing kernel."]
    elif short in ("OUT_OF_REGISTERS", "INVALID_ISA", "ILLEGAL_INSTRUCTION", "INVALID_CODE_OBJECT"):
        text = (f"A kernel could not be dispatched on this GPU ({short}): it was compiled for another gfx target (an HSA_OVERRIDE_GFX_VERSION across families, "
                "a library without this gfx) or requests more registers than a compute unit has for its work-group size. On old ROCm, a work-group too large for the kernel's VGPR use was also reported as INVALID_ISA.")
        fix.append(_ISA_FIX)
    else:
        text = f"The HSA runtime aborted a queue with {status or code_s}."
        fix += ["Rerun with AMD_SERIALIZE_KERNEL=3 AMD_LOG_LEVEL=1 to see the failing call; update ROCm and the amdgpu driver together if it persists."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
