"""Computed diagnosis for llava.tokenization-mismatch: read the two lengths."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        cur = int(facts.get("cur_len"))
        total = int(facts.get("total_len"))
    except (TypeError, ValueError):
        return None
    diff = total - cur
    ds = facts.get("dataset")
    turns = facts.get("turns")
    where = f" in dataset {ds}" if ds else ""
    if cur <= 2:
        problem = "template separator not found (wrong --version / conv_style)"
        text = (f"The masking walk counted only {cur} tokens of a {total}-token conversation{where}: the separator of the "
                "chosen conversation template does not occur in the prompt, so the template does not belong to this model.")
        fix = ("Set --version (LLaVA) / --conv_style (InternVL) to the template of this LLM as documented by the repo.",)
    else:
        per = ""
        if turns:
            try:
                t = int(turns)
                if t > 0 and diff % t == 0:
                    per = f" ({abs(diff) // t} token(s) per turn over {t} turns)"
            except (TypeError, ValueError):
                pass
        problem = f"round lengths off by {diff:+d} tokens"
        text = (f"Per-round token counts sum to {cur} but the whole conversation is {total} tokens{per}{where}: the sample "
                "was fully masked (no loss). A constant small offset is a BOS/separator difference between the template and the tokenizer.")
        fix = ("Use the template the repo documents for this LLM and the pinned transformers/tokenizers versions;",
               "if loss is 0.0, every sample is masked - stop the run and fix the template first.")
    return Explanation(text=text, fix=fix, derived={"problem": problem})
