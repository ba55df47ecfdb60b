"""Computed diagnosis for mps.ndarray-buffer-too-small: size the descriptor that did not fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _human(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        need = int(facts["required_bytes"])
    except (KeyError, TypeError, ValueError):
        return None
    f32 = need // 4
    f16 = need // 2
    small = need < 64 * 1024 * 1024
    text = (f"MPS needed {_human(need)} (= {f32} float32 or {f16} float16 elements) from a Metal buffer that is smaller. "
            + ("That is tiny, so this is a PyTorch MPS view/offset bug, not memory pressure." if small else
               "A large descriptor over a smaller buffer still points at a view/offset bug rather than an allocation failure."))
    fix = ("Upgrade PyTorch (pip install -U torch); the 1.12-1.13-era MPS view handling caused these aborts.",
           "Find the op with PYTHONFAULTHANDLER=1 and make its inputs contiguous (x.contiguous()), or run it on the CPU.")
    return Explanation(text=text, fix=fix, derived={"float32_elements": f32, "float16_elements": f16, "view_bug_likely": small})
