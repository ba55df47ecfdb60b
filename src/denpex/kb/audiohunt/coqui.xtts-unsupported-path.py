"""Computed diagnosis for coqui.xtts-unsupported-path: which unsupported path, which replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "train-tts-criterion":
        return Explanation(
            text="XTTS was handed to the generic Coqui Trainer (train_tts.py), which asks every model for get_criterion(); XTTS has its own GPT trainer.",
            fix=("fine-tune with recipes/ljspeech/xtts_v2/train_gpt_xtts.py (GPTTrainer) pointed at your metadata csv",
                 "or use an XTTS fine-tuning UI (xtts-finetune-webui) that wraps that recipe"),
            derived={"path_text": "TTS/bin/train_tts.py (generic Trainer)"},
        )
    if sig == "server-d-vector":
        return Explanation(
            text="The classic tts-server / Synthesizer.tts path reads use_d_vector_file from the model config; XttsConfig has no such field, so each request fails.",
            fix=("synthesize with TTS.api: TTS('tts_models/multilingual/multi-dataset/xtts_v2').tts_to_file(text, speaker_wav='ref.wav', language='en', file_path='out.wav')",
                 "for HTTP use an XTTS-specific server (xtts-api-server / XTTS streaming server)"),
            derived={"path_text": "tts-server / Synthesizer.tts"},
        )
    return None
