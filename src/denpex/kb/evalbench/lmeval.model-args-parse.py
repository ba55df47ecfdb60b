"""Computed diagnosis for lmeval.model-args-parse: which piece of --model_args breaks the parser."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    direction = str(facts.get("direction") or "")
    if not direction:
        return None
    raw = str(facts.get("model_args") or "").strip().strip("'\"")
    bad: list[str] = []
    if raw:
        for piece in raw.split(","):
            n = piece.count("=")
            if (direction == "too many" and n > 1) or (direction == "not enough" and n == 0):
                bad.append(piece)
    derived: dict[str, Any] = {"bad_pieces": bad} if bad else {}
    if direction == "too many":
        what = "a value contains '=' itself"
    else:
        what = "a piece has no '=' (bare flag, empty piece, or a list/dict value split at its commas)"
    where = f": {', '.join(bad[:4])}" if bad else ""
    return Explanation(
        text=f"lm-eval splits the argument string on ',' then '='; {what}{where}.",
        fix=("Pass structured values through the Python API: simple_evaluate(model_args={...}) with a dict,",
             "write bare flags as key=True and drop empty pieces; remove nested values from the CLI string."),
        derived=derived,
    )
