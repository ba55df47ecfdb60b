"""Computed diagnosis for cuda.launch-out-of-resources: how far over the per-block limit the
kernel is, which GPU class the limit belongs to, and what reduction makes it fit."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

# Per-block opt-in shared memory limits (bytes) as reported by Triton's "Hardware limit".
_SHMEM_GPUS = {
    49152: "Pascal/Maxwell GPUs (P100, GTX 10xx; also the static limit for kernels that do not opt in to more)",
    65536: "Turing GPUs (T4, RTX 20xx) and AMD CDNA GPUs (MI200/MI300 LDS)",
    98304: "Volta GPUs (V100)",
    101376: "Ampere/Ada/Blackwell consumer and inference parts (RTX 30xx/40xx/50xx, A10, A40, L4, L40)",
    163840: "AMD CDNA4 GPUs (MI350 series LDS)",
    166912: "A100 / A800 / A30 (sm_80) and Jetson Orin (sm_87)",
    232448: "Hopper / Blackwell data-centre GPUs (H100, H200, GH200, B200)",
}

_ERAS = {7: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 701: "CUDA >= 10.1 runtime or driver API"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    required = facts.get("required")
    limit = facts.get("hw_limit")
    resource = str(facts.get("resource") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    code = facts.get("cuda_error_code")
    if isinstance(code, int) and code in _ERAS:
        derived["cuda_runtime_era"] = _ERAS[code]
        parts.append(f"error code {code} is cudaErrorLaunchOutOfResources as numbered by the {_ERAS[code]}")
    if isinstance(required, int) and isinstance(limit, int) and limit > 0:
        # The inductor launcher puts the kernel name where Triton puts the resource; both mean shared memory.
        shared = resource in ("shared memory", "") or resource.startswith(("triton_", "fused_", "_"))
        unit_bytes = shared or "memory" in resource
        ratio = required / limit
        derived["over_limit_ratio"] = round(ratio, 2)
        if unit_bytes:
            over = required - limit
            derived["over_by_bytes"] = over
            what = "shared memory" if shared else resource
            kernel = f" {resource}" if shared and resource not in ("shared memory", "") else ""
            if required <= limit:
                parts.append(f"the kernel{kernel} asks for {fmt_bytes(required)} of {what}, within the {fmt_bytes(limit)} limit")
            else:
                cut = 1 - limit / required
                derived["reduce_by_percent"] = math.ceil(cut * 100)
                parts.append(
                    f"the kernel{kernel} needs {fmt_bytes(required)} of {what} per block but this GPU allows {fmt_bytes(limit)}: "
                    f"{ratio:.2f}x the limit, {fmt_bytes(over)} too much, so the tiles must shrink by at least {math.ceil(cut * 100)}%"
                )
                halvings = max(1, math.ceil(math.log2(ratio)))
                derived["halvings_needed"] = halvings
                if halvings == 1:
                    fix.append(
                        "Halving one tile dimension (BLOCK_N or BLOCK_K) halves the requirement to "
                        f"{fmt_bytes(required / 2)}, which fits; or lower num_stages so that (stages_new / stages_old) <= {limit / required:.2f} "
                        "(e.g. 3 -> 2 or 4 -> 2, since each stage keeps its own copy of the input tiles)."
                    )
                else:
                    fix.append(
                        f"The request must shrink by {ratio:.1f}x: that is {halvings} halvings of tile dimensions and/or num_stages "
                        f"(e.g. num_stages 4 -> 2 and BLOCK_N halved gives 1/{2 ** min(halvings, 2)}); if no config that small exists, use another kernel or a larger GPU."
                    )
            gpu = _SHMEM_GPUS.get(limit) if shared else None
            if gpu:
                derived["gpu_class"] = gpu
                parts.append(f"a {fmt_bytes(limit)} per-block limit is what {gpu} offer")
                if limit < 166912:
                    fix.append("Configs tuned on A100/H100 (163-227 KiB) do not fit here: use a release with configs for this GPU, or drop max-autotune so inductor keeps the default templates.")
        else:
            parts.append(f"the kernel needs {required} {resource} per block but the GPU allows {limit} ({ratio:.2f}x the limit)")
            fix.append(f"Reduce {resource} per block by at least {math.ceil((1 - limit / required) * 100)}% (smaller blocks or fewer warps).")
    if not parts:
        return None
    return Explanation(
        text="A kernel launch was refused because it requests more per-block resources than the GPU has; "
        + "; ".join(parts)
        + ". Nothing ran and the CUDA context is intact.",
        fix=tuple(fix),
        derived=derived,
    )
