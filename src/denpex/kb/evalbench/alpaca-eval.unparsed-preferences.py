"""Computed diagnosis for alpaca-eval.unparsed-preferences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("n_dropped")
    err = str(facts.get("parse_error") or "")
    if n is None and not err:
        return None
    hint = ""
    if "invalid syntax" in err:
        hint = " The parser tried to evaluate the completion as a Python literal and it was prose or code."
    elif "float" in err or "score pair" in err.lower():
        hint = " The first line of the judge's answer was not two numbers."
    count = f"{n} judge outputs were" if n is not None else "Judge outputs were"
    text = count + " dropped because the parser could not read a preference from them." + hint
    if n is not None and int(n) >= 800:
        text += " That is essentially the whole AlpacaEval set: the win rate is NaN."
    return Explanation(
        text=text,
        fix=("Inspect raw_completion in annotations.json; make the prompt template, completion_parser and judge model agree,",
             "or use a stock evaluator config (weighted_alpaca_eval_gpt4_turbo) / a judge that follows the format."),
        derived={"n_dropped": int(n)} if n is not None else {},
    )
