"""Computed diagnosis for musa.runtime-error: OOM sized against the card, MUSA error text classified."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    tried = facts.get("tried_to_allocate")
    if tried:
        req, total, free = (parse_size(facts.get(k)) for k in ("tried_to_allocate", "total_capacity", "free"))
        derived["what"] = f"out of memory allocating {tried}"
        text = f"The MUSA caching allocator could not get {tried}."
        if req and total:
            text += f" The request is {req / total:.0%} of the card's {fmt_bytes(total)}"
            text += f", with {fmt_bytes(free)} free." if free is not None else "."
            if req > total * 0.5:
                fix.append("One tensor is more than half the card: shrink it at the source (chunk the attention/activation, smaller sequence or resolution); freeing other memory will not be enough.")
        fix.append("Reduce batch size / sequence length / resolution, use bf16/fp16, close other processes on the card (mthreads-gmi) and call torch.musa.empty_cache() between phases.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    err = str(facts.get("musa_error") or "").strip()
    if not err:
        return None
    derived["what"] = err
    low = err.lower()
    if "illegal memory access" in low or "illegal address" in low:
        text = "A kernel accessed invalid device memory; the error surfaces at a later call because kernels are asynchronous."
        fix += ["Rerun with MUSA_LAUNCH_BLOCKING=1 to find the op; check index ranges; upgrade torch_musa (op fixes) or run that op on CPU."]
    elif "out of memory" in low:
        text = "The MUSA runtime itself could not allocate device memory."
        fix += ["Reduce memory use and check mthreads-gmi for other processes on the card."]
    elif "unknown error" in low:
        text = "The MUSA runtime lost the context - usually after a GPU lockup that the MTGPU driver reset (dmesg shows 'Guilty Lockup')."
        fix += ["Check dmesg | grep -i mtgpu; update the MUSA driver; restart the process (the context is unusable)."]
    elif "not supported" in low:
        text = "The driver or card does not support an operation this build uses (driver/toolkit older than the build expects, or a feature missing on this card)."
        fix += ["Install the MUSA driver/toolkit version the torch_musa / llama.cpp build was made for."]
    else:
        text = f"A MUSA runtime call failed with '{err}'."
        fix += ["Rerun with MUSA_LAUNCH_BLOCKING=1 and check that torch_musa, the MUSA toolkit and the driver are a supported combination."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
