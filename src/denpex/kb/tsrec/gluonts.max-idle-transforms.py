"""Computed diagnosis for gluonts.max-idle-transforms: which transformation idled and what the limit was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("max_idle")
    tr = str(facts.get("transformation") or "")
    if n is None and not tr:
        return None
    where = tr.rsplit(".", 1)[-1] if tr else "the instance splitter"
    text = f"{where} produced no training window from {n if n is not None else 'many'} series in a row."
    fix = ["Make the series at least context_length + max(lags) + prediction_length long (or shorten those settings)."]
    if isinstance(n, int) and n < 20:
        text += f" The limit is only {n}, which happens when the dataset has very few entries."
        fix.append("For tiny datasets raise the limit: from gluonts.env import env; env._set('max_idle_transforms', 1000).")
    return Explanation(text=text, fix=tuple(fix), derived={"splitter": where})
