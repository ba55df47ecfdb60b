"""Computed diagnosis for pandasai.chat-failed-error-message: what the wrapped exception message points at."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BARE_KEY = re.compile(r"^['\"][A-Za-z_][A-Za-z0-9_]{0,60}['\"]$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inner = str(facts.get("inner_error") or "").strip()
    fix: list[str] = []
    if "has no attribute 'type'" in inner or "has no attribute 'choices'" in inner:
        hint = "no usable LLM response (missing LLM or invalid API key)"
        text = (f"The wrapped error is {inner}: the LLM call returned nothing usable. In pandasai 2.0.x this is what "
                "happens when no LLM is passed and the default BambooLLM has no valid PANDASAI_API_KEY.")
        fix.append("Pass an LLM explicitly in config={'llm': ...} or set a valid PANDASAI_API_KEY.")
    elif "No code found in the answer" in inner:
        hint = "the LLM reply contained no code block"
        text = "The LLM answered in prose without a python code block, so there was nothing to execute."
        fix.append("Use a stronger/code-capable model or a prompt that asks for code only.")
    elif _BARE_KEY.match(inner):
        hint = f"KeyError {inner} inside pandasai"
        text = (f"The wrapped error is only {inner}: str() of a KeyError raised inside pandasai. "
                "For 'question' this is a known pandasai 0.8.2 bug.")
        fix.append("Upgrade pandasai (0.8.3+ for 'question'); read pandasai.log for the traceback of other keys.")
    elif inner:
        hint = "see pandasai.log for the traceback"
        text = f"PandasAI caught '{inner}' while answering and returned it as text."
        fix.append("Re-run with verbose=True or read pandasai.log to see where it was raised.")
    else:
        hint = "see pandasai.log for the traceback"
        text = "PandasAI caught an exception while answering and returned its error sentence."
        fix.append("Re-run with verbose=True or read pandasai.log to see the exception.")
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint})
