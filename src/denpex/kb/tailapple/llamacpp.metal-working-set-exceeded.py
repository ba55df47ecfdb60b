"""Computed diagnosis for llamacpp.metal-working-set-exceeded: how far over the Metal working set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("allocated_mb")
    vals = raw if isinstance(raw, (list, tuple)) else ([raw] if raw is not None else [])
    try:
        total = max(float(v) for v in vals)
        limit = float(facts["limit_mb"])
    except (KeyError, TypeError, ValueError):
        return Explanation(
            text="ggml's Metal buffers exceed the GPU's recommended working set; expect paging, slow generation or an "
                 "Insufficient Memory command buffer failure.",
            fix=("Use a smaller quant/model, a shorter context (-c) or fewer GPU layers (-ngl).",),
            derived={},
        )
    if limit <= 0:
        return None
    over = total - limit
    ratio = total / limit
    ram_gb = limit / 0.67 / 1024  # recommendedMaxWorkingSetSize is roughly 2/3 of RAM on smaller Macs
    wired = int(min(total + 1024, ram_gb * 1024 * 0.85))
    derived = {"over_mib": round(over, 1), "ratio": round(ratio, 2), "approx_ram_gb": round(ram_gb)}
    text = (f"Metal allocations reached {total:.0f} MiB against a {limit:.0f} MiB working set "
            f"({over:+.0f} MiB, {ratio:.2f}x) - this looks like a ~{round(ram_gb)} GB Mac.")
    fix = [
        f"Shrink the footprint by at least {max(over, 0):.0f} MiB: a smaller quant (Q4_K_M), a shorter context (-c / n_ctx) "
        "or fewer GPU layers (-ngl).",
    ]
    if total + 1024 <= ram_gb * 1024 * 0.85:
        fix.append(f"Or raise the GPU wired limit (macOS 14+): sudo sysctl iogpu.wired_limit_mb={wired}")
        derived["wired_limit_mb"] = wired
    else:
        fix.append("Raising iogpu.wired_limit_mb will not help much: the total is close to or above physical RAM.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
