"""Computed diagnosis for torch.dcp-checkpoint-exception: which ranks failed and the inner error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ranks = str(facts.get("ranks") or "")
    if not ranks:
        return None
    n = len(re.findall(r"\d+", ranks))
    inner = str(facts.get("inner_error") or "").strip()
    scope = "one rank" if n == 1 else f"{n} ranks"
    text = f"The distributed checkpoint step failed on {scope} {ranks}."
    if inner:
        text += f" Inner error: {inner}"
    else:
        text += " The cause is the last line of the first 'Traceback (most recent call last): (RANK n)' block."
    fix = ("Fix the inner error of the (RANK n) traceback; the CheckpointException itself is only the gathered wrapper.",)
    if n > 1:
        fix += ("Several ranks failed: look for a shared cause - model/checkpoint mismatch or a storage path/space problem.",)
    return Explanation(text=text, fix=fix, derived={"ranks": ranks})
