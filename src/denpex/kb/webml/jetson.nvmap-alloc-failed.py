"""Computed diagnosis for jetson.nvmap-alloc-failed: size of the failed request and the error kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "nvmap-init":
        detail = str(facts.get("detail") or "").strip()
        return Explanation(
            text=f"The process cannot open the Tegra nvmap device ({detail or 'init failed'}): no GPU memory at all.",
            fix=("Start the container with --runtime nvidia (or the Jetson CDI devices) so /dev/nvmap is present; check permissions (video group).",),
            derived={"detail": f"nvmap init: {detail}" if detail else "nvmap init failed"},
        )
    errno = facts.get("errno")
    if errno is None:
        return None
    try:
        errno = int(errno)
    except (TypeError, ValueError):
        return None
    kind = "ENOMEM (out of shared memory)" if errno == 12 else f"errno {errno}"
    text = (f"A GPU allocation on this Jetson failed in NvMap with {kind}: the shared CPU/GPU RAM is exhausted "
            "or too fragmented for the request.")
    fix = ("Lower the demand: smaller/quantized model, smaller batch, TensorRT workspace limit (e.g. --memPoolSize=workspace:256M).",
           "Free RAM: run headless, stop other GPU processes, sync; echo 3 | sudo tee /proc/sys/vm/drop_caches; reboot if it fails only after long uptime.")
    return Explanation(text=text, fix=fix, derived={"detail": kind})
