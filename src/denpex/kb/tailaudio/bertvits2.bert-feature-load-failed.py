"""Computed diagnosis for bertvits2.bert-feature-load-failed: why the .bert.pt could not be used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REGEN = "Delete the *.bert.pt files of this dataset and re-run bert_gen.py after the final text preprocessing."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    low = reason.lower()
    if facts.get("_signature") == "bert-ori-unbound" and not reason:
        text = ("The loader failed to read a .bert.pt feature file (its 'Bert load Failed' warning comes earlier in the log) "
                "and then used the missing tensor.")
        return Explanation(text=text, fix=("Look for the line after 'Bert load Failed' for the reason.", _REGEN),
                           derived={"reason_text": ""})
    if "no such file" in low or "errno 2" in low:
        kind = "the feature file does not exist"
        text = "The .bert.pt next to a listed wav does not exist: bert_gen.py was not run (or not finished) for the current file list."
        fix = ("Run bert_gen.py (WebUI: BERT feature generation) for this dataset, with the same file lists as training.",)
    elif any(k in low for k in ("unpickling", "pytorchstreamreader", "invalid load key", "eof", "central directory", "magic number")):
        kind = "the feature file is unreadable"
        text = f"torch.load could not read a .bert.pt ('{reason}'): the file is truncated or corrupt (interrupted bert_gen run, partial copy)."
        fix = (_REGEN,)
    elif not reason or low.startswith("assert"):
        kind = "feature length differs from the phone count"
        text = ("The length check failed: the saved BERT features do not have one vector per phone of the current cleaned text "
                "(text or add_blank changed after bert_gen.py).")
        fix = (_REGEN, "Keep add_blank in config.json the same for bert_gen.py and training.")
    else:
        kind = reason[:80]
        text = f"Loading the BERT features failed with: {reason}."
        fix = (_REGEN,)
    return Explanation(text=text, fix=fix, derived={"reason_text": f": {kind}"})
