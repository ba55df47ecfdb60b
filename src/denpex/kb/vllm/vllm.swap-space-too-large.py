"""Computed diagnosis for vllm.swap-space-too-large: the largest --swap-space that passes for this RAM."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    swap, total = facts.get("swap_gib"), facts.get("total_gib")
    if not (isinstance(swap, (int, float)) and isinstance(total, (int, float)) and total > 0):
        return None
    share = swap / total
    quiet = 0.4 * total  # below this no warning
    text = (
        f"vLLM would pin {swap:g} GiB ({share:.0%}) of the {total:g} GiB RAM it sees for KV swap (swap_space x "
        f"tensor_parallel_size); it refuses above 70% ({0.7 * total:.2f} GiB) and warns above 40% ({quiet:.2f} GiB)."
    )
    per_gpu_hint = []
    if swap >= 4 and swap % 4 == 0:
        tp = int(swap // 4)
        if tp > 1:
            per = max(math.floor(quiet / tp * 10) / 10, 0)
            per_gpu_hint.append(f"--swap-space {per:g}   (per GPU, assuming the default 4 GiB x {tp} GPUs: {per * tp:.1f} GiB total)")
    fix = per_gpu_hint + [
        f"Keep swap_space x tensor_parallel_size under {quiet:.1f} GiB, or --swap-space 0 (no CPU swap; preemption recomputes).",
        "Or give the container / WSL VM more memory.",
    ]
    return Explanation(
        text=text,
        fix=tuple(fix),
        derived={"share_of_ram": round(share, 3), "max_total_swap_without_warning_gib": round(quiet, 2)},
    )
