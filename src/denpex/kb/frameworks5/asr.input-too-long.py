"""Computed diagnosis for asr.input-too-long: how far over the window the input is and how to split it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    mx, n = as_int(facts.get("max_len")), as_int(facts.get("seq_len"))
    if sig == "fairseq2-max-seq-len" and mx and n:
        ratio = n / mx
        parts = math.ceil(ratio)
        line = f"{n} frames/tokens vs max {mx} ({ratio:.1f}x the window)"
        text = (f"The encoder input is {n} positions long, {ratio:.1f} times the model's maximum of {mx}. For SeamlessM4T speech "
                f"input this is a recording several times longer than the model handles in one pass (very roughly {n // 50 // 60} min "
                f"{n // 50 % 60} s at ~50 encoder frames per second of audio); for a fairseq2 text model it is the token count.")
        fix = (f"Split the input into at least {parts} pieces - for speech, VAD/silence-based segments of 15-20 s (many more than {parts}) "
               "give the best quality - and run each separately, then join the outputs.",
               "Speech splitting: silero-vad or pydub.silence.split_on_silence; quick cut: ffmpeg -i in.wav -f segment -segment_time 20 -c copy seg_%03d.wav.",
               f"Overriding max_seq_len above {mx} runs but the model was not trained on longer inputs: expect poor output.")
        return Explanation(text=text, fix=fix, derived={"summary_line": line})
    if sig == "whisper-longform-no-timestamps":
        line = "audio over 30 s (3000 mel frames) generated without timestamps"
        text = ("The audio is longer than Whisper's 30 s window, so transformers switched to long-form generation, which needs "
                "timestamp tokens to move from one window to the next - but return_timestamps is False (set by the caller, a "
                "wrapper, or the generation config).")
        fix = ("Pass return_timestamps=True: model.generate(input_features, attention_mask=attention_mask, return_timestamps=True) "
               "or pipe(audio, return_timestamps=True).",
               "Or chunk: pipeline('automatic-speech-recognition', model=..., chunk_length_s=30, batch_size=8).",
               "If only the first 30 s matter (e.g. a TTS reference clip transcribed by Whisper), trim the audio to <= 30 s first.")
        return Explanation(text=text, fix=fix, derived={"summary_line": line})
    if sig == "whisper-mel-length" and mx and n:
        if n > mx:
            line = f"{n} mel frames vs {mx} ({n / 100:.1f} s vs {mx / 100:.0f} s)"
            text = (f"The features cover {n} frames ({n / 100:.1f} s of audio at 100 frames/s) but the Whisper encoder takes {mx} "
                    f"({mx / 100:.0f} s) at a time.")
            fix = ("Long audio: use model.generate(..., return_timestamps=True) with truncation=False, padding='longest', "
                   "return_attention_mask=True in the processor (generate() windows it), or pipeline(..., chunk_length_s=30).",
                   "Do not call the encoder/forward() directly on more than 30 s of features.")
        else:
            line = f"{n} mel frames, not padded to {mx}"
            text = (f"The features cover only {n} frames ({n / 100:.1f} s) and were not padded to the {mx} frames ({mx / 100:.0f} s) "
                    "the encoder requires: the processor was called with padding='longest' / truncation=False, or features were "
                    "built by hand (e.g. an ONNX export dummy input).")
            fix = (f"Let the feature extractor pad: processor(audio, sampling_rate=16000, return_tensors='pt') pads to {mx} frames by default.",
                   f"For exports/benchmarks use a dummy of shape (batch, n_mels, {mx}).")
        return Explanation(text=text, fix=fix, derived={"summary_line": line})
    return None
