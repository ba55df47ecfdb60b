"""Computed diagnosis for data.no-examples-written: which split was empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    split = str(facts.get("split") or "")
    n = facts.get("examples")
    if not split:
        return Explanation(
            text="A split produced no examples and no features were given, so datasets cannot infer a schema.",
            fix=("Check the data file behind the split: exists, non-empty, right format (nested JSON needs field=).",),
            derived={"split_display": "a split"},
        )
    return Explanation(
        text=f"The '{split}' split generated {n if n is not None else 0} examples: the reader found no rows in the file(s) given for '{split}'.",
        fix=(f"Print and check the data_files entry for '{split}' (path, size, first lines); fix the path, add field= for nested JSON, "
             "or pass features= if an empty split is expected.",),
        derived={"split_display": f"the '{split}' split"},
    )
