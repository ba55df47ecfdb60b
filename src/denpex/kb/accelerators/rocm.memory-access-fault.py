"""Computed diagnosis for rocm.memory-access-fault: what the fault reason and address say, and which GPU faulted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REASONS = {
    "page not present": ("an access to an unmapped address (out of bounds, freed or never-allocated memory)", "software"),
    "write access to a read-only page": ("a write into memory mapped read-only (a buffer shared or imported read-only, a graph/IPC mapping, a kernel writing through a wrong pointer)", "software"),
    "execute access to a page marked nx": ("the GPU jumped into non-executable memory (corrupted code pointer or a bad code object)", "software"),
    "host access only": ("device access to host-only memory (not registered/pinned for the GPU)", "software"),
    "dram ecc failure": ("an uncorrectable VRAM ECC error", "hardware"),
    "sram ecc failure": ("an uncorrectable on-chip SRAM ECC error", "hardware"),
    "generic hang recovery": ("a GPU hang that the driver recovered by resetting the queue", "hang"),
}


def _addr(value: str) -> int | None:
    if not value or value == "(nil)":
        return 0
    try:
        return int(value, 16)
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    address = str(facts.get("address") or "")
    node = facts.get("gpu_node")
    hub = facts.get("hub")
    if not (reason or address or hub):
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    key = reason.lower()
    meaning, kind = next(((m, k) for r, (m, k) in _REASONS.items() if key.startswith(r)), (None, None))
    if hub and not address:
        derived["what"] = f"amdgpu {hub} page fault in the kernel log"
        parts.append(f"The amdgpu driver logged a {hub} page fault: a GPU kernel of the named process touched an unmapped page. The ROCm runtime normally prints 'Memory access fault by GPU node-N' and aborts the process right after.")
    else:
        derived["what"] = f"node-{node}, {reason or 'reason not printed'}" if node is not None else (reason or "page fault")
        if meaning:
            parts.append(f"The fault reason is {meaning}.")
        elif reason:
            parts.append(f"The runtime could not classify the fault ('{reason}').")
    if node is not None and int(node) >= 1:
        derived["gpu_index"] = int(node) - 1
        parts.append(f"node-{node} is the KFD topology node; on a single-socket machine that is GPU {int(node) - 1} in rocminfo order (the HIP device index too when no *_VISIBLE_DEVICES mask is set).")
    a = _addr(address) if address else None
    if a is not None and address:
        if a < 0x10000:
            derived["address_kind"] = "null"
            parts.append(f"The address {address} is null or within the first 64 KiB: a kernel was handed a null or uninitialised pointer (an empty tensor, an unchecked failed allocation, a missing buffer argument).")
            fix.append("Look for a tensor/buffer that is empty or was never allocated on the GPU when the kernel runs (AMD_SERIALIZE_KERNEL=3 names the kernel).")
        elif a >= 0x7F0000000000:
            derived["address_kind"] = "user-va"
            parts.append(f"The address {address} lies in the normal user address range: memory just past or outside a real buffer, or a buffer freed while a kernel still used it.")
    if kind == "hardware":
        fix.append("This reason is a hardware memory error: check rocm-smi --showrasinfo all / amd-smi metric --ecc and dmesg for RAS/ECC events; drain the GPU and have it inspected if it repeats.")
    elif kind == "hang":
        fix.append("A queue hang was recovered by reset: update the amdgpu firmware/kernel and ROCm together; check dmesg for 'MES' or 'ring timeout' lines.")
    else:
        fix.append("Rerun with AMD_SERIALIZE_KERNEL=3 AMD_LOG_LEVEL=1 to name the faulting kernel (HIP_LAUNCH_BLOCKING=1 on ROCm < 6).")
        fix.append("If HSA_OVERRIDE_GFX_VERSION is set, make sure it matches the card's family (10.3.0 only for gfx103x, 11.0.0 only for gfx110x) or use a build with native support; then try the neighbouring ROCm wheel and Linux kernel - a fault that follows the version is a stack regression, not your code.")
        fix.append("Reduce memory pressure (smaller batch/resolution/context, --lowvram, fewer offloaded layers) and, for your own kernels, use bounds checks and 64-bit offsets.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
