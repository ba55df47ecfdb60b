"""Computed diagnosis for mycroft.precise-wake-word-model-not-found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    word = facts.get("hotword")
    if not isinstance(word, str) or not word:
        return None
    w = word.strip().strip('"').lower()
    if w == "hey mycroft":
        diagnosis = "stock model missing (download failed)"
        text = ("'hey mycroft' has a published Precise model, so the file was not downloaded or its path is wrong "
                "(offline device, GitHub unreachable, ~/.mycroft/precise not writable).")
        fix = ("Check network access to github.com and ~/.mycroft/precise/, or set local_model_file to a copy of hey-mycroft.pb.",)
    else:
        diagnosis = "no Precise model for this phrase"
        text = (f"No Precise model is available for '{w}'; it now runs on PocketSphinx, which misses or "
                "false-triggers far more often.")
        fix = (f"Train a model for '{w}' with mycroft-precise and set hotwords.\"{w}\".local_model_file, or switch back to 'hey mycroft'.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
