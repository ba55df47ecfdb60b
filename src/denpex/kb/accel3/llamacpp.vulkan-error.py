"""Computed diagnosis for llamacpp.vulkan-error: size of the refused Vulkan block, or a device loss."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GIB = 1024 ** 3


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    result = str(facts.get("vk_result") or "")
    if sig in ("device-lost-error", "error-device-lost") or "DeviceLost" in result:
        call = facts.get("vk_call") or "a Vulkan call"
        return Explanation(
            text=(f"{call} reported a lost device: the GPU was reset while ggml's command buffer ran "
                  "(driver watchdog/TDR, hang or driver bug). This is not an allocation failure."),
            fix=("Check dmesg / Windows Event Viewer for a GPU reset at that time.",
                 "Update the GPU driver and llama.cpp; lower -ub (e.g. -ub 256) so each submit is shorter.",
                 "Remove GPU overclock/undervolt; on Windows raise TdrDelay if long dispatches time out."),
            derived={"kind": "device lost"},
        )
    size = facts.get("alloc_bytes")
    if not isinstance(size, int) or size <= 0:
        if "OutOfHostMemory" in result:
            return Explanation(
                text="The Vulkan driver ran out of host-visible memory for a ggml buffer (typical of integrated GPUs).",
                fix=("Lower -ngl / -c / -ub, or raise the UMA frame buffer in the BIOS.",),
                derived={"kind": "out of host memory"},
            )
        return None
    gib = size / _GIB
    text = f"The Vulkan driver refused one {gib:.2f} GiB ({size} bytes) device-memory block for a ggml buffer."
    fix: list[str] = []
    if size >= 2 * _GIB:
        text += (" A block this large is above the per-allocation limit of many AMD/Intel drivers "
                 "(maxMemoryAllocationSize is often 2-4 GiB): it is usually the compute buffer of a large -ub/-b or a long -c.")
        fix.append("Reduce -ub/-b (e.g. -ub 512 -b 2048) and -c so the compute/KV buffer shrinks.")
        fix.append("If the driver misreports its limit, set GGML_VK_FORCE_MAX_ALLOCATION_SIZE=1073741824 so ggml uses smaller chunks.")
    else:
        text += " A block of this size fails when free VRAM is short: too many layers offloaded or a large KV cache."
        fix.append("Lower -ngl until the model loads (keep ~1 GiB free for the compute buffer).")
        fix.append("Reduce -c / -np or quantize the KV cache (-fa -ctk q8_0 -ctv q8_0).")
    fix.append("Check free VRAM (nvtop/radeontop/Task Manager) and close other GPU users or stale llama processes.")
    return Explanation(text=text, fix=tuple(fix), derived={"alloc_gib": round(gib, 2), "kind": "out of device memory"})
