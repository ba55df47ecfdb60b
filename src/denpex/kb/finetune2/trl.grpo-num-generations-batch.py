"""Computed diagnosis for trl.grpo-num-generations-batch: the generation batch, its valid divisors, and the nearest fixes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _divisors(n: int) -> list[int]:
    return [d for d in range(2, n + 1) if n % d == 0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        sig = facts.get("_signature")
        g = facts.get("num_generations")
        g = int(g) if g is not None else None
        if sig == "too-few-generations":
            return Explanation(
                text=(f"num_generations={g if g is not None else 1}: GRPO normalises each reward against the other completions of "
                      "the same prompt, so it needs at least 2 per prompt."),
                fix=("Set num_generations >= 2 (4-16 is typical) and make num_processes x per_device_train_batch_size "
                     "(x gradient_accumulation_steps) a multiple of it.",),
                derived={"num_generations": g if g is not None else 1, "problem": "GRPO needs at least 2 completions per prompt"},
            )
        if sig == "generation-batch-not-divisible":
            b = int(facts["generation_batch_size"])
            factors = [b]
        else:
            factors = [int(x) for x in re.findall(r"\d+", str(facts.get("factors", "")))]
            if not factors:
                return None
            b = 1
            for f in factors:
                b *= f
        if g is None or g <= 0 or b <= 0:
            return None
        valid = _divisors(b)
        up = ((b + g - 1) // g) * g
        split = facts.get("split", "train")
        fix = []
        if valid:
            near = min(valid, key=lambda d: (abs(d - g), -d))
            fix.append(f"Set num_generations={near} (valid for a batch of {b}: {valid[:12]}).")
        if sig == "batch-not-divisible" and len(factors) >= 2:
            procs, per_dev = factors[0], factors[1]
            rest = 1
            for f in factors[2:]:
                rest *= f
            need = procs * rest
            # smallest per-device batch so that procs*per_dev*rest is a multiple of g
            pd = next((k for k in range(per_dev, per_dev + g + 1) if (need * k) % g == 0), None)
            if pd is not None:
                field = "per_device_eval_batch_size" if split == "eval" else "per_device_train_batch_size"
                fix.append(f"Or keep num_generations={g} and set {field}={pd} ({procs} x {pd}"
                           + (f" x {rest}" if len(factors) > 2 else "") + f" = {need * pd}).")
            if len(factors) == 2 and split == "train":
                fix.append("On TRL 0.16+ gradient_accumulation_steps also multiplies the generation batch: "
                           f"per_device_train_batch_size x gradient_accumulation_steps x {procs} must be a multiple of {g}.")
        else:
            fix.append(f"Or set generation_batch_size={up} (the next multiple of {g}).")
        text = (f"The generation batch is {' x '.join(str(f) for f in factors)} = {b} completions, which is not a multiple of "
                f"num_generations={g}"
                + (" (and no num_generations >= 2 divides a batch of 1: the batch itself must grow)" if not valid else "")
                + ". Since TRL 0.15 per_device_train_batch_size counts completions, not prompts; a GPU kept for vLLM does not count as a process.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": (f"the generation batch {' x '.join(str(f) for f in factors)} = {b}" if len(factors) > 1 else f"the generation batch {b}") + " is not a multiple of it", "batch": b, "valid_num_generations": valid[:12], "next_multiple": up})
    except Exception:
        return None
