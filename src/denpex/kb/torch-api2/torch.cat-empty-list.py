"""Computed diagnosis for torch.cat-empty-list: name the empty list from the failing source line and say
whether the log shows an empty iteration before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op") or ("stack" if facts.get("_signature") == "stack-empty" else "cat")
    name = facts.get("list_expr")
    hint = facts.get("empty_hint")
    subject = f"the list {name}" if name else "the list of tensors"
    parts = [f"torch.{op} was called with {subject} empty: nothing was appended to it before the join."]
    fix: list[str] = []
    derived: dict[str, Any] = {"what": f"torch.{op} got an empty list" + (f" ({name})" if name else "") + ": the loop that fills it produced nothing"}
    if hint:
        derived["cause"] = "empty-iteration"
        parts.append(f"The log shows an empty iteration before it ('{hint.strip()}'): the loop that fills the list had no inputs, so the data path, pattern or dataset split is the thing to fix.")
        fix.append("Check the input path / glob / dataset split the loop reads and make it find the files (print the count before the loop).")
    else:
        fix.append(f"Print len({name or '<list>'}) before the torch.{op} and trace where it is filled: which input produced no items (missing file, no detection, too-short clip, filtered sample)?")
    fix.append(f"Guard the join: if not {name or 'items'}: handle the empty case (skip / log / return an empty tensor) instead of calling torch.{op}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
