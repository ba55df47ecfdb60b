"""Computed diagnosis for python.typing-noreturn-not-valid-type-argument: the interpreter version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    v = facts.get("py_version")
    if isinstance(v, str) and v.count(".") == 2:
        major_minor, _, patch = v.rpartition(".")
        try:
            p = int(patch)
        except ValueError:
            p = -1
        affected = (major_minor == "3.7" and p <= 1) or (major_minor == "3.6" and p <= 1)
        if affected:
            text = f"The traceback runs on Python {v}, a patch release with the NoReturn typing bug (fixed in {major_minor}.2)."
            diagnosis = f"Python {v} typing bug"
        else:
            text = (f"The traceback path shows Python {v}; the check that fails is the 3.6.0-3.6.1/3.7.0-3.7.1 typing bug, "
                    "so another interpreter may be running the code (check sys.version).")
            diagnosis = "interpreter patch release"
        fix = ("Use Python 3.7.3+ or 3.8+: e.g. conda create -n env python=3.8 / pyenv install 3.7.17, then reinstall the packages.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return Explanation(
        text="The interpreter is an early 3.6/3.7 patch release (3.7.0/3.7.1 or 3.6.0/3.6.1) whose typing module rejects NoReturn.",
        fix=("python --version; install 3.7.3+ or 3.8+ and recreate the environment.",),
        derived={"diagnosis": "interpreter patch release"},
    )
