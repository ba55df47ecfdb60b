"""Computed diagnosis for litellm.no-deployments-available: which of the two causes the wording points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    model = facts.get("model")
    if not sig:
        return None
    name = f"'{model}'" if model else "the requested model"
    cooldown = facts.get("cooldown_seconds")
    if sig == "no-healthy-deployments-for-model":
        diagnosis = "model name not served by the proxy"
        text = (f"The LiteLLM proxy has no model group named {name}: the name the client sends is not a "
                "model_name of its model_list (or a fallback points at a missing group).")
        fix = ("List the served names with GET /v1/models and send one of them, or add a model_list entry "
               f"with model_name: {model or '<name>'}.",)
    else:
        diagnosis = "all deployments cooling down"
        wait = f" for {cooldown} s" if cooldown is not None else ""
        text = (f"Every deployment of {name} is in cooldown{wait} or filtered out: their recent calls failed. "
                "The real error is the deployment's own exception printed before this line.")
        fix = ("Check GET /health on the proxy (or run with --detailed_debug) and fix the failing deployment "
               "(api_base, api_key, backend running).",)
        if model and "/" in str(model):
            fix += (f"'{model}' looks like a provider model id: if it is not a model_name in model_list, send the alias instead.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
