"""Computed diagnosis for whisperx.api-moved: the new import / keyword for the name that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "").strip()
    if not attr:
        return None
    sig = facts.get("_signature")
    if sig == "use-auth-token-renamed":
        if attr == "use_auth_token":
            text = "This whisperX renamed DiarizationPipeline's use_auth_token= to token= (3.6+, pyannote.audio 4)."
            fix = ("DiarizationPipeline(token=HF_TOKEN, device=device)",)
        else:
            text = "This whisperX is older than 3.6: DiarizationPipeline still takes use_auth_token=, not token=."
            fix = ("DiarizationPipeline(use_auth_token=HF_TOKEN, device=device), or pip install -U whisperx.",)
        return Explanation(text=text, fix=fix, derived={"what": "keyword renamed"})
    if attr == "DiarizationPipeline":
        text = ("whisperx.DiarizationPipeline is no longer exported from the package top level (releases after 3.3.3); "
                "the class is in whisperx.diarize.")
        fix = ("from whisperx.diarize import DiarizationPipeline",
               "then DiarizationPipeline(token=HF_TOKEN, device=device) on whisperX 3.6+ (use_auth_token= before), or pin whisperx==3.3.3.")
        return Explanation(text=text, fix=fix, derived={"what": "moved to whisperx.diarize"})
    if attr in ("load_model", "load_audio", "align", "load_align_model", "assign_word_speakers"):
        text = (f"whisperx.{attr} is part of the current whisperX API, so the imported 'whisperx' is an old (v1/v2) release, "
                "another package, or a local whisperx.py.")
        fix = ("python -c \"import whisperx; print(whisperx.__file__)\" - rename a local file, else pip install -U whisperx.",)
        return Explanation(text=text, fix=fix, derived={"what": "old or shadowed whisperx"})
    text = f"whisperx.{attr} does not exist in the installed whisperX; the code targets another release."
    fix = ("Check the installed version (pip show whisperx) against the code's requirements, and import the name from its submodule (whisperx.diarize, whisperx.alignment, whisperx.audio).",)
    return Explanation(text=text, fix=fix, derived={"what": "API drift"})
