"""Computed diagnosis for transformers.position-ids-buffer-mismatch: which side is older."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    key = str(facts.get("key") or "")
    if kind not in ("Missing", "Unexpected") or not key:
        return None
    encoder = key.split(".embeddings.")[0] if ".embeddings." in key else "the text encoder"
    if kind == "Unexpected":
        diagnosis = "file holds the buffer, installed transformers >= 4.31 does not expect it"
        text = (f"The file carries '{key}' but the model built by your transformers (4.31 or later) no longer "
                f"saves or expects it: the loader code is older than the installed transformers. The weights of {encoder} are intact.")
        fix = (f"Drop the key before loading: sd.pop('{key}', None); model.load_state_dict(sd)",
               "Or update the repository to a release that handles it, or install the transformers it pins (e.g. pip install 'transformers<4.31').")
    else:
        diagnosis = "model expects the buffer, the file was saved without it"
        text = (f"The model asks for '{key}' but the file does not have it: either your transformers is older than 4.31 "
                "(the buffer was still persistent) or the checkpoint was re-saved without it. It is a constant arange, not a weight.")
        fix = ("Upgrade transformers to the version the repository expects (4.31 or later) and update the repository.",
               f"Or load with strict=False and confirm the only missing key is '{key}'.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
