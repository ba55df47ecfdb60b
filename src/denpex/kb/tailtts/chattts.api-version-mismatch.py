"""Computed diagnosis for chattts.api-version-mismatch: which API the installed ChatTTS has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    kwarg = facts.get("kwarg")
    if attr == "load":
        diagnosis = "installed ChatTTS is 0.1.x, code is for 0.2+"
        text = "The installed ChatTTS has no Chat.load: it is a 0.1.x release (load_models API) while the code follows the 0.2+ README."
        fix = ("pip install -U ChatTTS (or git pull the clone) and keep chat.load(compile=False).",
               "Or, staying on 0.1.x: chat.load_models().")
    elif attr == "load_models":
        diagnosis = "installed ChatTTS is 0.2+, code is for 0.1"
        text = "The installed ChatTTS (0.2+) replaced Chat.load_models with Chat.load; the code was written for 0.1."
        fix = ("Replace chat.load_models(...) with chat.load(source='huggingface') (or source='custom', custom_path=<dir>).",)
    elif kwarg:
        diagnosis = f"load_models does not take '{kwarg}' in this version"
        text = f"This ChatTTS load_models() has no parameter '{kwarg}': the code mixes arguments from another release."
        fix = ("Upgrade to ChatTTS 0.2+ and use chat.load(source=..., custom_path=...), or drop the argument for the old version.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
