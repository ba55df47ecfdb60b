"""Computed diagnosis for tcnn.cuda-call-failed: what the CUDA error text says about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "a CUDA call")
    where = f"{facts.get('file') or 'a tiny-cuda-nn header'}:{facts.get('source_line') or '?'}"
    error = str(facts.get("error") or "").strip().lower()
    if not error:
        text = (f"tiny-cuda-nn's {call} at {where} failed and the exception was not caught; the error text was cut from the log. "
                "Most reports of this line end in 'an illegal memory access was encountered': a kernel faulted earlier and this call reported it.")
        fix = ("Get the full 'what():' line (or rerun with CUDA_LAUNCH_BLOCKING=1) to see the CUDA error.",
               "If it is an illegal memory access: reinstall tiny-cuda-nn at a known-good commit, built for this GPU (TCNN_CUDA_ARCHITECTURES).")
    elif "out of memory" in error:
        text = f"tiny-cuda-nn ran out of GPU memory ({call} at {where})."
        fix = ("Lower rays per batch, the hash table size (log2_hashmap_size) or the resolution, or free the GPU from other processes.",)
    elif "no kernel image" in error or "invalid device function" in error:
        text = (f"tiny-cuda-nn has no kernel for this GPU ({call} at {where}: {error}): it was compiled for another architecture.")
        fix = ("Reinstall with TCNN_CUDA_ARCHITECTURES=<this GPU's compute capability without the dot> on the machine that runs it.",)
    elif "illegal memory access" in error or "illegal address" in error or "misaligned" in error or "launch failure" in error:
        text = (f"A kernel faulted before {call} ({where}) and left a sticky error that this call reported; the call itself is not the cause. "
                "Known causes: a tiny-cuda-nn commit with a kernel bug, a build for another GPU or CUDA, NaN/out-of-range inputs.")
        fix = ("Rerun with CUDA_LAUNCH_BLOCKING=1 to name the faulting kernel.",
               "Reinstall tiny-cuda-nn at a release/commit your framework pins, built for this GPU: TCNN_CUDA_ARCHITECTURES=<cc> pip install --no-cache-dir git+https://github.com/NVlabs/tiny-cuda-nn/@<tag>#subdirectory=bindings/torch")
    else:
        text = f"tiny-cuda-nn's {call} at {where} failed with '{error}'."
        fix = ("Rerun with CUDA_LAUNCH_BLOCKING=1; check that driver, CUDA toolkit and the tiny-cuda-nn build match this GPU.",)
    return Explanation(text=text, fix=fix, derived={})
