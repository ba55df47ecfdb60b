"""Computed diagnosis for instructor.retries-exhausted: what the last attempt's error says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODEL = re.compile(r"validation errors? for ([A-Za-z_][A-Za-z0-9_]{0,80})")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    last = str(facts.get("last_error") or "").strip()
    if not last:
        return None
    n = facts.get("n_attempts")
    tries = f" after {n} attempt(s)" if n else ""
    low = last.lower()
    m = _MODEL.search(last)
    if m:
        model = m.group(1)
        text = (f"The model's reply did not validate against {model}{tries}: instructor reasked and still got invalid fields.")
        fix = (f"Print e.last_completion and the validation errors under this line: make the failing {model} fields Optional / give defaults, "
               "or describe them with Field(description=...) and in the prompt.",
               "With small/local models switch to mode=instructor.Mode.JSON or Mode.MD_JSON and raise max_retries.")
        return Explanation(text=text, fix=fix, derived={"response_model": model})
    if any(s in low for s in ("json", "expecting value", "decode", "parse", "tool_call", "tool call", "function_call")):
        text = f"The reply could not be parsed as the expected JSON / tool call{tries}: {last[:160]}"
        fix = ("The model does not follow the current mode: use mode=instructor.Mode.JSON or MD_JSON for models without reliable tool calling.",
               "Log e.last_completion to see what the model returned (prose, markdown, empty).")
        return Explanation(text=text, fix=fix, derived={})
    if any(s in low for s in ("connection", "timeout", "rate limit", "ratelimit", "401", "403", "404", "500", "502", "503", "api key", "apierror")):
        text = f"The API call itself failed on every attempt{tries}; instructor only wrapped it: {last[:160]}"
        fix = ("Fix the provider call (base_url, key, model name, rate limits) - test it without instructor first.",)
        return Explanation(text=text, fix=fix, derived={})
    return None
