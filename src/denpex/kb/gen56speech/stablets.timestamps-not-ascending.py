"""Computed diagnosis for stablets.timestamps-not-ascending: transcription result vs loaded result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "load-unsorted-result":
        return Explanation(
            text=("stable-ts refused to build a WhisperResult from saved data whose segment/word timestamps go "
                  "backwards (a JSON from another tool, an edited file, or an older stable-ts run)."),
            fix=("stable_whisper.WhisperResult('result.json', force_order=True)  # clamp the order while loading",
                 "Or sort segments and their words by 'start' before passing the data in."),
            derived={"context": "loading a saved result"},
        )
    if sig == "raise-for-unsorted":
        return Explanation(
            text=("The transcription finished, then stable-ts's order check found a word or segment starting before "
                  "the previous one (a backwards timestamp from the Whisper back end: hallucinated/repeated segment, VAD "
                  "chunk restore, language switch). Decoding is not deterministic, so the same file can pass on a rerun."),
            fix=("model.transcribe(audio, force_order=True)  # or transcribe_stable(..., force_order=True)",
                 "pip install -U stable-ts  # newer force_order fixes"),
            derived={"context": "after transcription"},
        )
    return None
