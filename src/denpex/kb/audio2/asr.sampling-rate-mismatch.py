"""Computed diagnosis for asr.sampling-rate-mismatch: the resampling ratio and the exact resample call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = as_int(facts.get("expected"))
    got = as_int(facts.get("got"))
    supported = str(facts.get("supported") or "").strip()
    if expected is None and supported:
        # silero: the rates it accepts are listed, the one given is not
        expected = 16000
        text = (f"Silero VAD accepts only {supported} Hz (or multiples of 16000, which it decimates); the audio passed has another "
                "rate (22.05 / 44.1 kHz are typical).")
        fix = ("Resample to 16000 before VAD: torchaudio.functional.resample(wav, sr, 16000) or librosa.load(path, sr=16000), "
               "and pass sampling_rate=16000.",)
        return Explanation(text=text, fix=fix, derived={"expected": expected, "supported": supported, "what": f"Silero VAD accepts only {supported} Hz (or multiples of 16000)"})
    if expected is None or got is None or got <= 0 or expected <= 0:
        return None
    if facts.get("_signature") == "rvc-sr-mismatch":
        text = (f"The training wavs were preprocessed at {got} Hz but the training config targets {expected} Hz (RVC-style loader "
                "compares the stored wav rate with the config's sampling_rate). The experiment folder mixes two settings.")
        fix = (f"Re-run preprocessing (step 2a, and feature extraction 2b) with target sample rate {expected // 1000}k, or train with the "
               f"{got // 1000}k config that matches the preprocessed data.",
               "When resuming a run, keep the sample rate (and version v1/v2) it was started with; delete logs/<exp>/0_gt_wavs and "
               "1_16k_wavs before preprocessing again.")
        return Explanation(text=text, fix=fix, derived={"ratio": round(got / expected, 3), "what": f"training wavs at {got} Hz, config targets {expected} Hz"})
    ratio = got / expected
    if ratio > 1:
        effect = f"{ratio:.2f}x too many samples per second: the model would hear speech {ratio:.2f}x slower and lower"
    else:
        effect = f"{1 / ratio:.2f}x too few samples per second: the model would hear speech {1 / ratio:.2f}x faster and higher"
    if got <= 100:
        note = f" A 'rate' of {got} is not an audio rate: the arguments are probably swapped or a channel count was passed."
    else:
        note = ""
    text = (f"The audio is at {got} Hz but the model expects {expected} Hz ({effect}).{note} The library does not resample; do it "
            "before feature extraction.")
    fix = (f"librosa: y, sr = librosa.load(path, sr={expected}); torchaudio: wav = torchaudio.functional.resample(wav, {got}, {expected}).",
           f"datasets: ds = ds.cast_column('audio', Audio(sampling_rate={expected})).",
           f"Files once: ffmpeg -i in -ar {expected} -ac 1 out.wav; then call feature_extractor(y, sampling_rate={expected}).")
    return Explanation(text=text, fix=fix, derived={"ratio": round(ratio, 3), "what": f"audio is {got} Hz but the model expects {expected} Hz"})
