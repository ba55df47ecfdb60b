"""Computed diagnosis for librosa.api-changed: the keyword form of the failing call, or the replacement for a removed module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KEYWORDS = {
    "mel": "librosa.filters.mel(sr=sr, n_fft=n_fft, n_mels=n_mels, fmin=fmin, fmax=fmax)",
    "melspectrogram": "librosa.feature.melspectrogram(y=y, sr=sr, n_fft=n_fft, hop_length=hop, n_mels=n_mels)",
    "mfcc": "librosa.feature.mfcc(y=y, sr=sr, n_mfcc=40)",
    "pad_center": "librosa.util.pad_center(data, size=n_fft)",
    "fix_length": "librosa.util.fix_length(data, size=n)",
    "time_stretch": "librosa.effects.time_stretch(y, rate=rate)",
    "pitch_shift": "librosa.effects.pitch_shift(y, sr=sr, n_steps=steps)",
    "resample": "librosa.resample(y, orig_sr=orig_sr, target_sr=target_sr)",
    "chroma_stft": "librosa.feature.chroma_stft(y=y, sr=sr) or (S=stft, sr=sr)",
    "onset_strength": "librosa.onset.onset_strength(y=y, sr=sr)",
    "beat_track": "librosa.beat.beat_track(y=y, sr=sr)",
    "get_duration": "librosa.get_duration(y=y, sr=sr) (or path=...; filename= before 0.10)",
    "stft": "librosa.stft(y, n_fft=n_fft, hop_length=hop, win_length=win)",
    "istft": "librosa.istft(S, hop_length=hop, win_length=win)",
    "power_to_db": "librosa.power_to_db(S, ref=np.max)",
    "amplitude_to_db": "librosa.amplitude_to_db(S, ref=np.max)",
    "zero_crossing_rate": "librosa.feature.zero_crossing_rate(y=y)",
    "spectral_centroid": "librosa.feature.spectral_centroid(y=y, sr=sr)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "removed-attribute":
        attr = str(facts.get("attr") or "")
        if attr == "output":
            what = "librosa.output was removed in librosa 0.8"
            text = "librosa.output (write_wav) no longer exists since librosa 0.8.0; audio writing moved to soundfile."
            fix = ("Replace librosa.output.write_wav(path, y, sr) with: import soundfile as sf; sf.write(path, y, sr)",)
        elif attr == "example_audio_file":
            what = "librosa.util.example_audio_file was removed"
            text = "example_audio_file() was replaced by librosa.example('trumpet') (downloads example data) in librosa 0.8."
            fix = ("Use librosa.ex('trumpet') / librosa.example('trumpet').",)
        else:
            what = f"librosa.{attr} used without importing it"
            text = (f"librosa.{attr} is a submodule that 'import librosa' does not load here"
                    + (" (librosa.display also needs matplotlib)." if attr == "display" else "."))
            fix = (f"Add 'import librosa.{attr}' after 'import librosa'.",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    func = str(facts.get("func") or "")
    if not func:
        return None
    try:
        given = int(facts.get("given"))
        expected = int(facts.get("expected"))
    except (TypeError, ValueError):
        return None
    what = f"{func}() takes {expected} positional argument(s) in librosa >= 0.10, the code passes {given}"
    text = (f"{func}() is called the pre-0.10 way with {given} positional argument(s); librosa 0.10+ accepts "
            f"{'none' if expected == 0 else 'only the first'} positionally and the rest by keyword.")
    example = _KEYWORDS.get(func, f"{func}(..., name=value) for every argument after the first")
    fix = (f"Rewrite the call with keywords, e.g. {example}.",
           "Or, for an unmaintained repo, pin librosa==0.9.2 (with numpy<1.24).")
    return Explanation(text=text, fix=fix, derived={"what": what})
