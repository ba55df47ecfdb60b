"""Computed diagnosis for vits.waveform-out-of-range: harmless overshoot, wrong PCM format, or NaN."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    which = facts.get("which") or "min/max"
    raw = facts.get("value")
    sig = facts.get("_signature")
    if raw is None:
        if sig == "svc5-assert":
            return Explanation(
                text=(f"so-vits-svc 5.0's mel_spectrogram asserts that the {which} of the waveform stays within [-1, 1]; "
                      "in the training step it checks the generated audio, which went out of range (unstable or diverging training)."),
                fix=("Resume from an earlier checkpoint with a lower learning rate / fp16 off, or clamp the generated audio to [-1, 1] before mel_spectrogram.",
                     "If it fails while loading data, convert the dataset to 16-bit PCM."),
                derived={"verdict": "generated audio out of range", "value": "outside [-1, 1]"})
        return None
    value = str(raw)
    if value == "nan":
        verdict = "the generator output is NaN (training diverged)"
        text = "The waveform contains NaN: the generator's weights or activations diverged; this is not a data range issue."
        fix = ("Resume from the last checkpoint before the NaN with fp16_run false and/or a lower learning_rate.",
               "Check the loss log for the first nan and the batch it came from.")
    else:
        try:
            v = abs(float(value))
        except ValueError:
            return None
        if v <= 1.5:
            verdict = "slight overshoot of generated audio (harmless)"
            text = (f"The {which} is {value}, just outside [-1, 1]. VITS prints this for generated audio during training; "
                    "it is expected and training continues.")
            fix = ("No action needed if training continues and losses are finite.",)
        elif v >= 100:
            verdict = "audio not normalized: wavs are not 16-bit PCM"
            text = (f"The {which} is {value}, far beyond [-1, 1]: the wavs hold integers larger than int16 (24/32-bit PCM) "
                    "while the loader divides by max_wav_value=32768.")
            fix = ("Convert the dataset: ffmpeg -i in.wav -acodec pcm_s16le -ar <sr> out.wav, then delete cached *.spec.pt files.",)
        else:
            verdict = "large overshoot (unstable training or unnormalized input)"
            text = (f"The {which} is {value}: well outside [-1, 1]. If it comes from the data loader the audio is not normalized; "
                    "if from the training step the generator is unstable.")
            fix = ("Check the dataset format (soxi -b) and the learning rate / fp16 setting.",)
    return Explanation(text=text, fix=fix, derived={"verdict": verdict})
