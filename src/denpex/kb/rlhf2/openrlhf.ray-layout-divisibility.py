"""Computed diagnosis for openrlhf.ray-layout-divisibility: the nearest valid sizes for the actor GPU count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        sig = facts.get("_signature")
        if sig == "zero3-needs-vllm":
            return Explanation(
                text="--zero_stage 3 was combined with --vllm_num_engines 0: OpenRLHF's Ray PPO needs vLLM generation with ZeRO-3.",
                fix=("Add --vllm_num_engines N (a divisor of the actor GPUs) or use --zero_stage 2.",),
                derived={"problem": "ZeRO-3 without vLLM engines"},
            )
        a = facts.get("actor_world_size")
        if a is None:
            return None
        a = int(a)
        divs = [d for d in range(1, a + 1) if a % d == 0]
        if sig == "rollout-batch":
            r = int(facts["rollout_batch_size"])
            down, up = (r // a) * a, ((r + a - 1) // a) * a
            fix = [f"--rollout_batch_size {up}" + (f" (or {down})" if down > 0 else "") + f": a multiple of the {a} actor GPUs."]
            return Explanation(text=f"rollout_batch_size {r} splits unevenly across {a} actor ranks ({r} % {a} = {r % a}).",
                               fix=tuple(fix), derived={"problem": f"rollout_batch_size {r} is not a multiple of {a} actor GPUs"})
        if sig == "vllm-engines":
            e = int(facts["vllm_num_engines"])
            near = max(d for d in divs if d <= e) if any(d <= e for d in divs) else 1
            return Explanation(
                text=f"{a} actor ranks cannot be shared evenly by {e} vLLM engines.",
                fix=(f"--vllm_num_engines {near} (divisors of {a}: {divs}), or change the actor GPUs to a multiple of {e}.",),
                derived={"problem": f"{a} actor GPUs not a multiple of {e} vLLM engines"},
            )
        c = int(facts["critic_world_size"])
        near = max(d for d in divs if d <= c) if any(d <= c for d in divs) else 1
        return Explanation(
            text=f"{a} actor ranks are not a multiple of {c} critic ranks.",
            fix=(f"Give the critic {near} GPU(s) (divisors of {a}: {divs}) or colocate it (--colocate_critic_reward).",),
            derived={"problem": f"{a} actor GPUs not a multiple of {c} critic GPUs"},
        )
    except Exception:
        return None
