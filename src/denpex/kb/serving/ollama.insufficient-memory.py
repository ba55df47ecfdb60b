"""Computed diagnosis for ollama.insufficient-memory: how far short the machine is, and what closes the gap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation


def _size(v: Any) -> float | None:
    if v is None:
        return None
    s = str(v).strip().strip('"')
    if s.isdigit():  # 0.2-0.5 log the available bytes raw
        return float(s)
    return parse_size(s)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = _size(facts.get("required"))
    avail = _size(facts.get("available") if facts.get("available") is not None else facts.get("available_bytes"))
    if req is None or avail is None:
        return None
    total, swap = _size(facts.get("total")), _size(facts.get("swap"))
    gap = req - avail
    derived: dict[str, Any] = {"required": fmt_bytes(req), "available": fmt_bytes(avail)}
    if gap <= 0:
        derived["gap"] = ""
        return Explanation(text=f"Ollama estimated {fmt_bytes(req)} of CPU-side memory with {fmt_bytes(avail)} free.", derived=derived)
    derived["gap"] = f" (short by {fmt_bytes(gap)})"
    ratio = req / avail if avail > 0 else float("inf")
    parts = [f"The part of the model that must sit in system RAM is {fmt_bytes(req)}; free RAM + free swap is {fmt_bytes(avail)}, {fmt_bytes(gap)} too little" + (f" ({ratio:.1f}x what is free)." if avail > 0 else ".")]
    fix: list[str] = []
    ram_plus_swap = (total or 0) + (swap or 0) if total else None
    if ram_plus_swap and req > ram_plus_swap:
        parts.append(f"It is more than the machine's total RAM{' + free swap' if swap else ''} ({fmt_bytes(ram_plus_swap)}): freeing memory cannot make it fit.")
        fix.append("Use a smaller model or quantization (e.g. a :q4_K_M tag, fewer parameters), or run it on a machine (or GPU) with more memory.")
        fix.append("If a GPU is present, check that Ollama detects it (server log 'inference compute' / 'offload to' lines): layers on the GPU do not count against RAM.")
    elif gap <= 0.25 * req:
        parts.append("The gap is small: freeing memory or a smaller context is enough.")
        fix.append(f"Free at least {fmt_bytes(gap)}: ollama stop the other loaded models (ollama ps), close large programs, or raise the Docker/WSL memory limit.")
        fix.append("Or lower num_ctx (e.g. /set parameter num_ctx 4096, or options.num_ctx in the API call) and OLLAMA_NUM_PARALLEL=1: the KV cache shrinks with them.")
    else:
        fix.append(f"Free {fmt_bytes(gap)} (ollama stop other models, close programs) and lower num_ctx / OLLAMA_NUM_PARALLEL, or pick a smaller quantization of the model.")
        fix.append("Add swap or RAM if this model is a requirement.")
    if swap is not None and swap == 0:
        parts.append("No swap is free, so only free RAM counts.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
