"""Computed diagnosis for openai.unsupported-model-parameter: the parameter to change and how."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SAMPLING = {"temperature", "top_p", "presence_penalty", "frequency_penalty", "logprobs", "top_logprobs", "logit_bias", "n"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param")
    if not param:
        return None
    param = str(param)
    value = facts.get("value")
    default = facts.get("default")
    repl = facts.get("replacement")
    if param == "max_tokens":
        hint = f"send {repl or 'max_completion_tokens'} instead"
        text = ("The model is a reasoning model (o1/o3/o4-mini/gpt-5 family): its output budget includes hidden reasoning "
                "tokens and is set with max_completion_tokens; max_tokens is refused.")
        fix = ("replace max_tokens=N with max_completion_tokens=N (allow extra room for reasoning tokens)",
               "framework: upgrade its OpenAI integration, or LiteLLM drop_params=True")
    elif param in _SAMPLING:
        shown = f"{param}={value}" if value is not None else param
        hint = f"omit {param}" + (f" or use the default ({default})" if default else "")
        text = (f"The model fixes {param} at its default" + (f" ({default})" if default else "")
                + f" and refuses {shown}: reasoning models do not take sampling parameters.")
        fix = (f"drop {param} from the request for this model" + (f" (or set {param}={default})" if default else ""),
               "framework default (e.g. temperature=0.7): set it to None/1 for this model, or LiteLLM drop_params=True")
    elif param.startswith("messages") and value and "system" in str(value):
        hint = "send the instructions as a developer/user message"
        text = "An early reasoning model (o1-preview/o1-mini) refuses system messages."
        fix = ("use role 'developer' (newer models) or fold the system prompt into the first user message",)
    else:
        hint = f"remove {param}" + (f" (use {repl})" if repl else "")
        text = f"The model does not accept the parameter '{param}'" + (f"; the API names '{repl}' as its replacement." if repl else ".")
        fix = (f"remove '{param}' from the request" + (f" and send '{repl}'" if repl else ""),)
    return Explanation(text=text, fix=fix, derived={"fix_hint": hint})
