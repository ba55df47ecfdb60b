"""Computed diagnosis for gptsovits.gpt-semantic-data-empty: which formatting output is empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sem = facts.get("semantic_len")
    pho = facts.get("phoneme_len")
    try:
        sem_n = int(sem) if sem is not None else None
        pho_n = int(pho) if pho is not None else None
    except (TypeError, ValueError):
        return None
    if sem_n == 0 and pho_n:
        diagnosis = "semantic tokens missing (1Ac failed or stale)"
        text = (f"2-name2text.txt lists {pho_n} clips but 6-name2semantic.tsv has 0 rows: the semantic-token step (1Ac, "
                "3-get-semantic.py) did not produce output for this experiment.")
        fix = ("Delete logs/<exp>/6-name2semantic*.tsv, rerun step 1Ac (or one-click 1A) and read its console for the real error.",)
    elif sem_n == 0 and pho_n == 0:
        diagnosis = "both text and semantic outputs empty (formatting never ran)"
        text = "Both formatting outputs are empty: dataset formatting 1Aa-1Ac did not run for this experiment name or list file."
        fix = ("Run one-click dataset formatting (1Aa-1Ac) with the list file and experiment name used for training.",)
    elif sem_n == 0:
        diagnosis = "semantic tokens missing (1Ac failed or stale)"
        text = "6-name2semantic.tsv has 0 rows: the semantic-token step (1Ac) produced nothing."
        fix = ("Rerun 1Ac for this experiment and check its console output.",)
    else:
        diagnosis = "no clip passed the name/duration/phoneme-rate filters"
        text = ("Every clip was dropped in init_batch: names in 6-name2semantic.tsv and 2-name2text.txt do not match, or "
                "clips are longer than max_sec or have a phoneme rate outside 3-25 per second.")
        if pho_n is not None:
            text += f" ({pho_n} clips have phonemes.)"
        fix = ("Regenerate both files from the same list in a fresh experiment folder; check transcripts match the audio.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
