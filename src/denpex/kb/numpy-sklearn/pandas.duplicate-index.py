"""Computed diagnosis for pandas.duplicate-index: a reindex/alignment needed unique labels (assigning a
Series, concat/join, asfreq/resample, seaborn plotting) and the frame has duplicate index labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    old = bool(facts.get("old"))
    frame = raising_frame(facts)
    code = str(facts.get("code") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    headline = "pandas could not align data: the index has duplicate labels"
    parts.append("pandas had to align rows by index label (assigning a Series into a DataFrame column, df.reindex / reindex_like, asfreq/resample, combining frames, seaborn/plotting that resets data), and one of the indexes contains the same label more than once, so a label does not identify one row.")
    parts.append("Typical sources: pd.concat of frames without ignore_index=True (every part starts at 0), set_index on a column with repeated values (timestamps, ids), duplicate rows in the input files, or a groupby/apply that returns repeated keys.")
    fix.append("Find them: df.index[df.index.duplicated()].unique()[:10]; then reset the index (df = df.reset_index(drop=True), pd.concat(..., ignore_index=True)) or drop/aggregate duplicates (df = df[~df.index.duplicated(keep='last')], or groupby(level=0).mean()).")
    fix.append("When assigning a column from another object, use its values positionally (df['c'] = s.to_numpy()) if the order is already right, or align on a unique key with merge.")
    if old:
        parts.append("The wording 'cannot reindex from a duplicate axis' is from pandas < 1.4 (same cause).")
    if frame.pkg and frame.pkg not in ("pandas",):
        parts.append(f"The alignment happens inside {frame.pkg}: the DataFrame you passed it has a duplicated index (reset_index(drop=True) before the call is the usual fix).")
    elif code and not code[:1].isdigit() and not code.startswith("raise "):
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
