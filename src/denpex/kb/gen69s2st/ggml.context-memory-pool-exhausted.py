"""Computed diagnosis for ggml.context-memory-pool-exhausted: how short the arena was, and what that points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TINY = 64 * 1024


def _size(n: int) -> str:
    for unit, div in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div:
            return f"{n / div:.2f} {unit}"
    return f"{n} bytes"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        needed = int(facts.get("needed") or 0)
        available = int(facts.get("available") or 0)
    except (TypeError, ValueError):
        return None
    if needed <= 0 or available <= 0:
        return None
    short = needed - available
    pool = str(facts.get("pool") or "context")
    fix: list[str] = []
    if 0 < short <= max(_TINY, available // 100):
        hint = f": only {_size(short)} short (under 1%) - the program under-counted its graph"
        text = (f"The {pool} pool holds {_size(available)} and the next object needed {_size(needed)}: a shortfall of "
                f"{_size(short)}. A gap this small means the program's own size estimate missed a few objects, a bug of this build "
                "rather than an input that is too large.")
        fix.append("Upgrade the ggml-based program; meanwhile change the option that shapes the graph (ubatch, -amb, pipeline parallelism) and report the numbers.")
    else:
        ratio = needed / available
        hint = f": {_size(short)} short ({ratio:.2f}x the pool)"
        text = (f"The {pool} pool holds {_size(available)} but the graph needed {_size(needed)} ({ratio:.2f}x): the input or "
                "the options ask for more than the program sized its fixed arena for.")
        fix.append("Shrink the job (shorter input or audio segment, smaller n_ctx / batch / beam) or raise the pool size the program passes to ggml_init.")
        if pool == "scratch":
            fix.append("The scratch pool scales with batch size in 2023 builds: lower the batch (e.g. batch_size 512 instead of 2048).")
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint})
