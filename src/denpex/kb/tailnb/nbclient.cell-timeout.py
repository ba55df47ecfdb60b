"""Computed diagnosis for nbclient.cell-timeout: read the per-cell timeout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        seconds = int(facts["timeout_s"])
    except (KeyError, TypeError, ValueError):
        return None
    suggested = max(600, seconds * 10)
    if seconds <= 30:
        kind = "a short default-like timeout"
        text = (f"The cell was stopped after {seconds} s. That is the size of a tool default (myst-nb/jupyter-book use 30 s), "
                "so any download, training step or large computation in one cell exceeds it.")
    else:
        kind = "a configured timeout"
        text = (f"The cell was stopped after {seconds} s ({seconds / 60:.1f} min). Either the cell is slower on this machine "
                "than where it was written, or it hangs (input(), a network call, a stuck worker).")
    fix = (
        f"Raise the per-cell limit, e.g. --ExecutePreprocessor.timeout={suggested} (nbconvert), "
        f"papermill --execution-timeout {suggested}, nb_execution_timeout = {suggested} (myst-nb), or -1 for no limit.",
        "Or make the cell cheaper in CI (smaller data behind a parameter cell).",
    )
    return Explanation(text=text, fix=fix, derived={"timeout_text": f"{seconds} s ({kind})", "suggested_timeout_s": suggested})
