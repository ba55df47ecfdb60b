"""Computed diagnosis for python.unhandled-exception: what was raised, where, from which user frame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.exception_text import describe
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    return describe(facts)
