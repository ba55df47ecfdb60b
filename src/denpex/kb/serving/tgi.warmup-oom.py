"""Computed diagnosis for tgi.warmup-oom: which token limit to lower, to what, and which relation is violated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLAG = {
    "max_input_tokens": "--max-input-tokens", "max_input_length": "--max-input-tokens",
    "max_total_tokens": "--max-total-tokens", "max_batch_prefill_tokens": "--max-batch-prefill-tokens",
    "max_batch_total_tokens": "--max-batch-total-tokens",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefill = facts.get("prefill_tokens")
    a, b = facts.get("arg_a"), facts.get("arg_b")
    parts: list[str] = []
    fix: list[str] = []
    if a and b and isinstance(facts.get("value_a"), int) and isinstance(facts.get("value_b"), int):
        va, vb, rel = facts["value_a"], facts["value_b"], facts.get("relation", "")
        fa, fb = _FLAG.get(a, a), _FLAG.get(b, b)
        problem = f"{a}={va} must be {rel} {b}={vb}"
        parts.append(f"The launcher refused the limits: {a} is {va} but must be {rel} {b} ({vb}).")
        if rel in ("<=", "<"):
            fix.append(f"Lower {fa} to {vb if rel == '<=' else vb - 1} or less, or raise {fb} above {va}.")
        else:
            fix.append(f"Raise {fa} to at least {vb}, or lower {fb} to {va} or less.")
        fix.append("Required order: max_input_tokens < max_total_tokens <= max_batch_total_tokens, and max_input_tokens <= max_batch_prefill_tokens <= max_batch_total_tokens; leaving the batch limits unset lets TGI infer them.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    if isinstance(prefill, int):
        total = facts.get("total_tokens")
        mil = facts.get("max_input_length")
        mpt = facts.get("max_prefill_tokens") or prefill
        problem = f"warmup OOM with {prefill} prefill tokens" + (f" ({total} total tokens)" if isinstance(total, int) else "")
        parts.append(f"The warmup forward pass over {prefill} prefill tokens ran out of GPU memory next to the model weights.")
        half = max(prefill // 2, 1)
        if isinstance(mil, int) and half < mil:
            parts.append(f"Halving it to {half} would go below max_input_tokens={mil}, which TGI does not allow.")
            fix.append(f"Lower --max-input-tokens to {half} (or less) and --max-batch-prefill-tokens to {half}, and --max-total-tokens accordingly (> {half}).")
        else:
            fix.append(f"Lower --max-batch-prefill-tokens from {mpt} to {half} (it must stay >= --max-input-tokens{f'={mil}' if isinstance(mil, int) else ''}); repeat until warmup passes.")
        if isinstance(total, int):
            fix.append(f"On TGI 0.9 also lower --max-batch-total-tokens (now {total}).")
        fix.append("Or free memory for it: --quantize (awq/gptq/bitsandbytes/fp8), --num-shard over more GPUs, or stop other GPU processes.")
        parts.append("If the traceback above the message is not a CUDA out-of-memory error, the warmup failed for another reason (old TGI wrapped every warmup exception in this message).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    mtt = facts.get("max_total_tokens")
    if isinstance(mtt, int):
        problem = f"KV cache smaller than one max_total_tokens={mtt} request"
        parts.append(f"After warmup the KV cache left in GPU memory holds fewer than {mtt} tokens, so not even one request of --max-total-tokens fits.")
        fix.append(f"Lower --max-total-tokens below {mtt} (e.g. {mtt // 2}) and --max-input-tokens with it, or free memory: --quantize, more --num-shard, smaller --max-batch-prefill-tokens.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    return None
