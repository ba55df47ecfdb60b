"""Computed diagnosis for silero.vad-chunk-size: what the given chunk length corresponds to and how to re-frame it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "chunk-too-short":
        text = "A chunk shorter than 32 ms reached Silero VAD (the last partial frame of a stream, or an empty buffer)."
        return Explanation(text=text, fix=("Skip or zero-pad the final partial window to 512 samples (16 kHz) / 256 (8 kHz).",),
                           derived={"need": "at least 32 ms (512 samples at 16 kHz)", "what": "Silero VAD got a chunk shorter than 32 ms"})
    try:
        n = int(facts.get("samples"))
    except (TypeError, ValueError):
        return None
    need = "512 samples at 16 kHz or 256 at 8 kHz"
    ms16, ms8 = n / 16.0, n / 8.0
    if n % 512 == 0 and n > 512:
        hint = f"{n} = {n // 512} x 512: split each chunk into {n // 512} calls of 512 samples (16 kHz)."
    elif n % 256 == 0 and n > 256:
        hint = f"{n} = {n // 256} x 256: at 8 kHz split into {n // 256} calls of 256 samples; at 16 kHz buffer to multiples of 512."
    else:
        hint = "Buffer the stream and call the model on exact 512-sample windows (16 kHz), carrying the remainder over."
    if n > 16000:
        what = f"{n} samples is {n / 16000:.1f} s at 16 kHz: a whole buffer/file was passed to the model; use get_speech_timestamps."
    else:
        what = f"{n} samples is {ms16:g} ms at 16 kHz ({ms8:g} ms at 8 kHz): a transport frame, not a 32 ms VAD window."
    text = f"Silero VAD v5 needs {need} per call. {what}"
    fix = (hint, "Or pin Silero v4 (torch.hub.load('snakers4/silero-vad:v4.0', 'silero_vad')) for code written against v4.")
    return Explanation(text=text, fix=fix, derived={"need": need, "what": f"Silero VAD got {n} samples per call; v5 needs {need}"})
