"""Computed diagnosis for polars.column-not-found: closest existing name, case/space/BOM mismatch."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _norm(s: str) -> str:
    return s.replace("\ufeff", "").replace("\\ufeff", "").strip().lower()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    col = str(facts.get("column") or "").strip()
    if not col:
        return None
    cols = re.findall(r'"([^"]*)"', str(facts.get("columns") or ""))
    if cols:
        same = [c for c in cols if _norm(c) == _norm(col)]
        if same:
            hit = same[0]
            return Explanation(
                text=f"'{col}' differs from the existing column {hit!r} only in case, spaces or a BOM.",
                fix=(f"Use pl.col({hit!r}) or normalize headers: df = df.rename(lambda c: c.strip().lstrip('\\ufeff').lower()).",),
                derived={"closest_hint": f" (the frame has {hit!r}: case/whitespace/BOM)", "closest": hit},
            )
        close = difflib.get_close_matches(col, cols, n=2, cutoff=0.6)
        if close:
            return Explanation(
                text=f"'{col}' is not among the {len(cols)} columns; the closest is {close[0]!r}.",
                fix=(f"Replace '{col}' with {close[0]!r} (or rename the column earlier in the chain).",),
                derived={"closest_hint": f" (did you mean {close[0]!r}?)", "closest": close[0]},
            )
        shown = ", ".join(cols[:12]) + (" ..." if len(cols) > 12 else "")
        return Explanation(
            text=f"'{col}' is not among the columns [{shown}]: it was never read, or renamed/dropped before this step.",
            fix=(f"Check where '{col}' should come from (input file schema, an earlier rename/select), or create it before this step.",),
            derived={"closest_hint": " (no similar column)"},
        )
    return Explanation(
        text=f"'{col}' does not exist in the schema at this step of the query: a typo/case mismatch, a header with spaces/BOM, "
             "a column created in the same with_columns call, or one renamed/dropped earlier.",
        fix=(f"print(df.columns) before the call and compare with '{col}'; if '{col}' is an alias created in the same "
             "with_columns/select, move its use into a following with_columns.",),
        derived={"closest_hint": " (not in the schema at this step)"},
    )
