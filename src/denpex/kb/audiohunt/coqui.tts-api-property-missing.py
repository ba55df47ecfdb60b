"""Computed diagnosis for coqui.tts-api-property-missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prop = str(facts.get("prop") or "")
    mp = str(facts.get("model_path") or "").strip("'\"")
    load_text = f" (model loaded from local path {mp})" if mp else ""
    if prop in {"speakers", "languages"}:
        text = (f"tts.{prop} raised inside the property: this model has no {prop[:-1]} manager to list "
                "(single-speaker model, or XTTS which clones from speaker_wav), or it was loaded by path.")
        fix = ("for XTTS do not list speakers; call tts.tts_to_file(text, speaker_wav='ref.wav', language='en', file_path='out.wav')",
               f"guard the access: getattr(tts.synthesizer.tts_model, '{'speaker_manager' if prop == 'speakers' else 'language_manager'}', None)")
    else:
        text = (f"tts.{prop} exists but its body raised AttributeError{load_text}; nn.Module reports that as a missing attribute. "
                "In TTS 0.20-0.22 this happens when the model was not loaded by its registered name.")
        fix = ("load by name: TTS('tts_models/<lang>/<dataset>/<model>') - offline, copy the files into the TTS cache folder named tts_models--<lang>--<dataset>--<model>",
               "or use TTS.utils.synthesizer.Synthesizer(tts_checkpoint=..., tts_config_path=...) / the model class directly, which skip these checks")
    return Explanation(text=text, fix=fix, derived={"load_text": load_text})
