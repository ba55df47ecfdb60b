"""Computed diagnosis for python.library-internal-error: an assertion or NotImplementedError inside a package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.exception_text import describe
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    return describe(facts, internal=True)
