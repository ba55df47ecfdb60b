"""Computed diagnosis for bentoml.runner-init-failed: name the runner to look at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    runner = facts.get("runner")
    if not isinstance(runner, str) or not runner.strip():
        return None
    runner = runner.strip()
    text = (
        f"Runner '{runner}' raised in its constructor (model load / framework import); "
        "the traceback printed right after this line holds the cause."
    )
    fix = (
        f"read the first exception under 'instantiating runner '{runner}'' and fix it",
        "missing framework: pip install it (and add it to bentofile.yaml python.packages); missing model: bentoml models list / import the tag",
    )
    return Explanation(text=text, fix=fix, derived={"runner": runner})
