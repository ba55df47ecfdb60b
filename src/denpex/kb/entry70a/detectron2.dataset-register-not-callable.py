"""Computed diagnosis for detectron2.dataset-register-not-callable: how to turn the registered call into a function."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("registered") or "").strip()
    if not call:
        return Explanation(
            text="DatasetCatalog.register got something that is not callable (a list of records or None) as its second argument.",
            fix=("Wrap the loader in a lambda: DatasetCatalog.register(name, lambda: get_dicts(...)).",),
            derived={})
    return Explanation(
        text=f"The second argument {call} is a call: it ran at registration time and its result (the records) was passed instead of a function.",
        fix=(f"Pass a function instead: DatasetCatalog.register(name, lambda: {call}).",),
        derived={})
