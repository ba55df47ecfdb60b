"""Computed diagnosis for vllm.tp-not-divisible: the parallel sizes this model can actually use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX_SHOWN = 64


def _divisors(n: int, limit: int = _MAX_SHOWN) -> list[int]:
    return [d for d in range(1, min(n, limit) + 1) if n % d == 0]


def _heads(heads: int, tp: int) -> Explanation:
    valid = _divisors(heads)
    below = max((d for d in valid if d <= tp), default=1)
    above = min((d for d in valid if d > tp), default=None)
    text = (
        f"{heads} attention heads cannot be split evenly over {tp} GPUs ({heads} / {tp} = {heads / tp:.2f} heads per "
        f"rank). Valid tensor parallel sizes for this model: {', '.join(map(str, valid))}."
    )
    fix = [f"--tensor-parallel-size {below}   (largest valid size <= {tp})"]
    if below < tp and tp % below == 0:
        fix.append(f"Use the other GPUs: --tensor-parallel-size {below} --pipeline-parallel-size {tp // below}")
    elif below < tp:
        fix.append(f"Or use all {tp} GPUs: --tensor-parallel-size 1 --pipeline-parallel-size {tp} (uneven stages need vLLM >= 0.6)")
    if above is not None:
        fix.append(f"Or grow to --tensor-parallel-size {above} if you have {above} GPUs")
    return Explanation(
        text=text,
        fix=tuple(fix),
        derived={"valid_tp_sizes": valid, "largest_valid_tp_at_most_requested": below, "next_valid_tp": above},
    )


def _layers(layers: int, pp: int) -> Explanation:
    valid = _divisors(layers)
    below = max((d for d in valid if d <= pp), default=1)
    return Explanation(
        text=(
            f"{layers} hidden layers cannot be split into {pp} equal pipeline stages. Valid pipeline sizes on this "
            f"vLLM: {', '.join(map(str, valid))}. Newer vLLM releases split layers unevenly instead of raising."
        ),
        fix=(f"--pipeline-parallel-size {below}", "Or upgrade vLLM (uneven stages; VLLM_PP_LAYER_PARTITION for manual splits)"),
        derived={"valid_pp_sizes": valid},
    )


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    heads, tp = facts.get("num_heads"), facts.get("tp_size")
    if isinstance(heads, int) and isinstance(tp, int) and heads > 0 and tp > 0:
        return _heads(heads, tp)
    layers, pp = facts.get("num_layers"), facts.get("pp_size")
    if isinstance(layers, int) and isinstance(pp, int) and layers > 0 and pp > 0:
        return _layers(layers, pp)
    size, div = facts.get("size_per_partition"), facts.get("divisor")
    dim = facts.get("quant_dim") or "input"
    if isinstance(size, int) and isinstance(div, int) and div > 0:
        name = facts.get("divisor_name") or "the kernel tile"
        rem = size % div
        return Explanation(
            text=(
                f"Each rank's {dim} slice of a quantized weight is {size} elements, not a multiple of {name} = {div} "
                f"({size} = {size // div} x {div} + {rem}). The full dimension is {size} x TP, so a smaller TP size "
                "gives each rank a larger slice that may divide."
            ),
            fix=(
                "Halve --tensor-parallel-size and retry (e.g. 4 -> 2)",
                "Or avoid the Marlin kernel: --quantization gptq (or awq) instead of gptq_marlin / awq_marlin",
            ),
            derived={"remainder": rem},
        )
    if isinstance(dim, str) and facts.get("quant_dim"):
        return Explanation(
            text=(
                f"The per-rank {dim} slice of a quantized weight is not a whole number of quantization groups: the "
                "tensor parallel size is too large for this checkpoint's group size."
            ),
            fix=("Lower --tensor-parallel-size (e.g. 4 -> 2) or use a checkpoint with a smaller group_size",),
            derived={},
        )
    return None
