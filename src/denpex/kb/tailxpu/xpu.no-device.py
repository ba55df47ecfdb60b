"""Computed diagnosis for xpu.no-device: zero devices or an index past the visible ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    req, total = facts.get("requested_device"), facts.get("device_total")
    if isinstance(req, int) and isinstance(total, int):
        if total == 0:
            return Explanation(text="torch sees 0 Intel GPUs, so no index is valid.",
                               fix=("sycl-ls  # install the Level Zero driver / fix /dev/dri permissions until a level_zero:gpu is listed",),
                               derived={"diagnosis": "no XPU visible"})
        last = total - 1
        return Explanation(
            text=(f"xpu:{req} was requested but only {total} XPU device(s) are visible (valid: xpu:0..xpu:{last}). "
                  "Device selectors renumber the visible devices from 0."),
            fix=(f"Use an index in 0..{last}, or unset ZE_AFFINITY_MASK / ONEAPI_DEVICE_SELECTOR (setting both keeps only index 0).",),
            derived={"diagnosis": f"device index {req} beyond {total} visible"},
        )
    if sig in ("device-count-zero-warning", "no-xpu-devices-available", "device-pool-init-failed"):
        return Explanation(
            text="The XPU build of torch found no Level Zero GPU: driver missing or too old, no access to /dev/dri, a device selector hiding it, or an unsupported GPU.",
            fix=("sycl-ls; ls -l /dev/dri; id  # then install the Intel GPU runtime or add the user to the render group",),
            derived={"diagnosis": "no XPU visible"},
        )
    return None
