"""Computed note for pandas.setting-with-copy: the assignment pandas flagged and the .loc / .copy() rewrite."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    chained = bool(facts.get("chained"))
    parts: list[str] = []
    fix: list[str] = []
    headline = "pandas SettingWithCopyWarning: an assignment may not reach the original DataFrame" if not chained else "pandas chained assignment: the value is set on a temporary copy"
    parts.append("A warning, not a failure: a value was assigned into a DataFrame that pandas derived from another one by slicing/filtering (df2 = df[df.a > 0]; df2['b'] = ...) or through chained indexing (df[mask]['b'] = ...). pandas cannot tell whether the original frame changes; with chained indexing it does NOT, so the assignment may be silently lost.")
    if chained and "inplace=True" in code:
        parts.append(f"Flagged line: `{code}` - an inplace method on a column selected with df[col]: under copy-on-write (pandas 3) it changes a temporary copy and the frame keeps its old values.")
        fix.insert(0, "Rewrite as df[col] = df[col].method(value) or df.method({col: value}, inplace=True) (e.g. df['age'] = df['age'].fillna(m)).")
    elif code and not code.startswith(("self.obj", "errors=", "self._")):
        parts.append(f"Flagged line: `{code}`.")
        if re.search(r"\]\s*\[", code):
            fix.append("This line uses chained indexing (x[...][...] = v): write it as one .loc call, df.loc[row_selector, 'col'] = value.")
    elif code:
        parts.append("The flagged line is inside pandas; the assignment that triggered it is in your code just before (often df['new'] = ... on a filtered frame).")
    fix.append("If the subset is meant to be an independent table, make it explicit: sub = df[mask].copy(); then assign to sub freely.")
    fix.append("If you meant to change the original: df.loc[mask, 'col'] = value in one step. pandas 3 (copy-on-write) makes chained assignment never update the original.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
