"""Computed diagnosis for prophet.logistic-growth-capacity-missing: which capacity check failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    if problem.startswith("cap must be greater"):
        diagnosis = "some rows have cap <= floor"
        text = ("Every row needs cap above floor (floor is 0 unless a 'floor' column is given); at least one row "
                "has a capacity of 0, a negative capacity, or a floor at or above it.")
        fix = ("Find them with df[df['cap'] <= df.get('floor', 0)] and raise the cap (or lower the floor) for those rows.",)
    elif problem.startswith("Expected column"):
        diagnosis = "the model uses a floor but this frame has no 'floor' column"
        text = ("The model was fitted with a 'floor' column, so every frame it predicts on needs one too; the "
                "future frame from make_future_dataframe has only 'ds'.")
        fix = ("Add future['floor'] = <floor> (and future['cap']) before predict.",)
    else:
        diagnosis = "the frame has no 'cap' column"
        text = ("growth='logistic' reads the carrying capacity from a 'cap' column of each frame; the history (fit) "
                "or the future frame (predict) has none"
                + (" - on fbprophet <= 0.2 this shows as a bare AssertionError on assert 'cap' in df." if problem.startswith("assert") else "."))
        fix = ("Add df['cap'] = <capacity> before fit and future['cap'] = <capacity> before predict.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
