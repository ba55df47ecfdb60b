"""Computed diagnosis for huggingface.zerogpu-quota-exceeded: how far the call was over the quota and when it resets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    requested, left = as_int(facts.get("requested")), as_int(facts.get("left"))
    retry = str(facts.get("retry_in") or "").strip()
    fix = []
    if requested is not None and left is not None:
        if left == 0:
            text = (f"The call asked ZeroGPU for {requested}s of GPU and the caller has no quota left, "
                    "so the Space's function never ran.")
        elif left >= requested:
            text = (f"The call asked for {requested}s with {left}s left: other calls in flight had already reserved "
                    "their full duration, so ZeroGPU counted less than that as free.")
            fix.append("Send calls to this Space one at a time; each reserves its whole duration while it runs.")
        else:
            text = (f"The call asked for {requested}s of GPU with only {left}s of quota left "
                    f"({requested - left}s short), so ZeroGPU refused it before the function ran.")
    else:
        text = "ZeroGPU refused the call because the caller's GPU quota is spent; the Space's function never ran."
    if retry:
        text += f" The quota resets in {retry}."
    fix += ["Call with hf_token of a logged-in (or PRO) Hugging Face account: Client(space, hf_token=...).",
            "For batch work, duplicate the Space onto paid hardware (Client.duplicate) instead of sharing ZeroGPU.",
            "If it is your Space, lower @spaces.GPU(duration=...) to what one call needs."]
    return Explanation(text=text, fix=tuple(fix), derived={})
