"""Computed diagnosis for coqui.speaker-or-language-missing: which argument is missing or superfluous, for which model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    model = str(facts.get("model") or "").strip().rstrip(".")
    cloning = "xtts" in model.lower() or "your_tts" in model.lower()
    where = f" ({model})" if model else ""
    fix: list[str] = []
    if sig in ("api-multi-speaker", "synthesizer-multi-speaker", "xtts-no-reference"):
        problem = f"multi-speaker model{where} called without a speaker"
        if cloning or sig == "xtts-no-reference":
            fix.append("Pass a reference clip: tts.tts_to_file(text, speaker_wav='ref.wav', language='en', file_path='out.wav') "
                       "(a clean 6-30 s mono clip), or a built-in voice: speaker=tts.speakers[0].")
        else:
            fix.append("Pass one of the model's speakers: speaker=tts.speakers[0] (list them with tts --model_name "
                       f"{model or '<model>'} --list_speaker_idxs); CLI: --speaker_idx <name>.")
        fix.append("If a wrapper/UI passes speaker_wav, check it arrives non-empty and the file exists.")
    elif sig in ("api-multi-lingual", "synthesizer-multi-lingual"):
        problem = f"multi-lingual model{where} called without a language"
        fix.append("Pass language='<code>' from tts.languages (CLI: --language_idx <code>, list with --list_language_idxs).")
    elif sig == "api-not-multi":
        problem = f"single-speaker/single-language model{where} given a speaker or language"
        fix.append("Remove speaker= / language= from the call (they are only valid for multi-speaker / multi-lingual models), "
                   "or load the multi-speaker model you meant.")
    else:
        return None
    text = (f"The model loaded fine, but the synthesis call does not match its kind: {problem}.")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
