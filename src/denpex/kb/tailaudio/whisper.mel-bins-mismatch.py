"""Computed diagnosis for whisper.mel-bins-mismatch: model size and the feature family needed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIZE = {384: "tiny", 512: "base", 768: "small", 1024: "medium", 1280: "large"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        expected = int(facts["expected_mels"])
        got = int(facts["got_mels"])
    except (KeyError, TypeError, ValueError):
        return None
    d_model = facts.get("d_model")
    size = _SIZE.get(int(d_model)) if d_model is not None else None
    if expected == 128:
        family = "large-v3/turbo" if size in (None, "large") else f"{size} (128-bin)"
    else:
        family = f"{size}" if size else "80-bin model"
        if size == "large":
            family = "large/large-v2"
    frames = facts.get("frames")
    extra = ""
    if frames is not None and int(frames) != 3000:
        extra = f" The features also have {frames} frames instead of 3000 (30 s): pad/trim the audio with whisper.pad_or_trim."
    if got in (80, 128):
        other = "large-v3/turbo" if got == 128 else "pre-v3 Whisper (tiny..large-v2)"
        text = (f"The model ({family}, d_model={d_model or '?'}) was trained on {expected}-bin log-mels, but the features have "
                f"{got} bins, the format of {other} checkpoints: they were computed for another Whisper family.{extra}")
    else:
        text = (f"The model ({family}) expects {expected}-bin log-mels but the features have {got} bins, which no Whisper "
                f"checkpoint uses: the feature pipeline is custom or misconfigured.{extra}")
    fix = (f"openai-whisper: whisper.log_mel_spectrogram(audio, n_mels={expected}) (= model.dims.n_mels), with openai-whisper 20231106+.",
           "transformers: use WhisperProcessor/FeatureExtractor of the same checkpoint as the model "
           f"(feature_size={expected}) and re-create cached input_features.")
    return Explanation(text=text, fix=fix, derived={"model_family": family})
