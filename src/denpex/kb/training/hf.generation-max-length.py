"""Computed diagnosis for hf.generation-max-length: how much room the prompt left and what to set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n, m = facts.get("input_length"), facts.get("max_length")
    derived: dict[str, Any] = {}
    if isinstance(n, int) and isinstance(m, int):
        derived["room_left"] = m - n
        derived["what"] = f"the prompt is {n} tokens but max_length is {m}: {'no' if m <= n else m - n} tokens left to generate"
        parts = [f"The prompt ({facts.get('input_name') or 'input_ids'}) has {n} tokens and max_length={m} counts prompt + output, so generate() has "
                 f"{'no room at all' if m <= n else f'only {m - n} tokens'} to generate."]
        if m == 20:
            parts.append("20 is transformers' model-agnostic default: nothing in the call or the generation_config set a length.")
        elif m == n:
            parts.append("The prompt is exactly max_length long: it was probably truncated to that same value, i.e. one setting is used both as the prompt limit and as the generation limit.")
        elif n > 2 * m:
            parts.append(f"max_length={m} looks like a generation budget (tokens to produce), but it is a total-length cap.")
        budget = m if m != n and m < n and m != 20 else 256
        fix = [f"Use max_new_tokens instead: generate(..., max_new_tokens={budget}) (or the framework's max_new_tokens / generation length option).",
               f"Or raise max_length to at least {n} + the output length you want (e.g. {n + budget})."]
        if m == n:
            fix.append(f"Keep the prompt truncation length below the context size minus max_new_tokens (e.g. truncate prompts to {max(1, n - budget)} tokens).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    p = facts.get("max_position_embeddings")
    if isinstance(p, int):
        derived["what"] = f"generation runs past the model's {p}-token context"
        return Explanation(
            text=f"prompt + generated tokens reach the model's max_position_embeddings ({p}); beyond it absolute-position models fail and RoPE models degrade unless their config scales positions. It is a warning, not the failure.",
            fix=(f"Keep prompt length + max_new_tokens <= {p}: truncate prompts to {p} - max_new_tokens tokens.",
                 "Only use longer contexts with a model/config that supports them (rope_scaling)."),
            derived=derived)
    d = facts.get("default_max_length")
    if isinstance(d, int):
        derived["what"] = f"generate() used the default max_length={d} (prompt + output)"
        return Explanation(
            text=f"No generation length was configured, so max_length={d} applies to prompt + output: outputs stop after at most {d} total tokens.",
            fix=("Pass max_new_tokens=<tokens to generate> to generate()/the pipeline, or set it in generation_config.json.",),
            derived=derived)
    return None
