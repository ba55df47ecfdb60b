"""Computed diagnosis for llamacpp.context-exceeded: overflow and the n_ctx that would fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _round_up(n: int) -> int:
    step = 1024 if n > 2048 else 256
    return ((n + step - 1) // step) * step


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    n_ctx = facts.get("n_ctx")
    if n_ctx is None and facts.get("n_ctx_max") is not None:
        n_ctx = int(facts["n_ctx_max"]) + 4  # llama-cli reports n_ctx - 4
    prompt = facts.get("prompt_tokens")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if sig == "server-context-size-exceeded":
        text = ("llama-server ran out of context while generating and context shift is disabled: prompt plus generated "
                "tokens reached the slot's n_ctx.")
        fix = ["Start llama-server with a larger -c (per slot: -c / --parallel), cap max_tokens / n_predict on the request, "
               "or re-enable --context-shift if truncating the oldest tokens is acceptable."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if n_ctx is None:
        return None
    n_ctx = int(n_ctx)
    derived["n_ctx"] = n_ctx
    if n_ctx == 512 and sig == "llama-cpp-python-requested-tokens":
        parts.append("n_ctx=512 is llama-cpp-python's default: the model was most likely loaded without an explicit n_ctx "
                     "(LangChain LlamaCpp, a bare Llama(model_path=...)).")
        derived["default_n_ctx"] = True
    if prompt is not None:
        prompt = int(prompt)
        over = prompt - n_ctx
        derived["prompt_tokens"] = prompt
        derived["overflow_tokens"] = max(over, 0)
        need = _round_up(int(prompt * 1.25) + 1)
        derived["suggested_n_ctx"] = need
        if over > 0:
            parts.insert(0, f"The request needs {prompt} tokens against n_ctx={n_ctx}: {over} over.")
        else:
            parts.insert(0, f"The prompt is {prompt} tokens and n_ctx={n_ctx}; with max_tokens added the total no longer fits "
                            f"(only {n_ctx - prompt} positions are left for the answer).")
            fix.append(f"Lower max_tokens to <= {max(n_ctx - prompt - 1, 0)}, or raise n_ctx.")
        if sig == "llama-cpp-python-requested-tokens":
            fix.append(f"Load with n_ctx={need} (Llama(..., n_ctx={need}); LangChain LlamaCpp(n_ctx={need}); "
                       f"LlamaIndex LlamaCPP(context_window={need}, model_kwargs={{'n_ctx': {need}}})), if <= the model's n_ctx_train.")
        elif sig == "cli-prompt-too-long":
            fix.append(f"Run llama-cli with -c {need} (--ctx-size), if <= the model's n_ctx_train.")
        else:
            fix.append(f"Start llama-server with a per-slot window of at least {need}: -c {need} x --parallel slots "
                       f"(e.g. -c {need * 4} --parallel 4), if <= the model's n_ctx_train.")
        fix.append(f"Or send less: keep prompt + max_tokens below {n_ctx} (trim history, fewer / smaller retrieved chunks).")
    else:
        parts.insert(0, f"The prompt plus max_tokens does not fit n_ctx={n_ctx}.")
        fix.append(f"Raise n_ctx above {n_ctx} (e.g. {n_ctx * 2}) or shorten the prompt / lower max_tokens.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
