"""Computed diagnosis for pyannote.chunk-out-of-bounds: how far off the crop is and which cause that points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _num(v: Any, kind: type) -> Any:
    try:
        return kind(v)
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    uri = str(facts.get("uri") or "").strip()
    name = f" of {uri}" if uri else ""
    if sig == "outside-bounds":
        end, dur = _num(facts.get("end"), float), _num(facts.get("duration"), float)
        if end is None or dur is None:
            return None
        over = end - dur
        if 0 < over <= 0.5:
            what = f"segment ends {over * 1000:.0f} ms past the end{name} ({dur:.3f} s)"
            text = (f"The requested segment ends at {end:.3f} s but the file{name} decodes to {dur:.3f} s: {over * 1000:.0f} ms too far. "
                    "A small overshoot like this comes from segment times computed on another version/decoding of the audio "
                    "(trimmed, re-encoded, or a compressed file whose header length is inexact).")
            fix = (f"Clip segment ends to the duration: Segment(start, min(end, {dur:.3f})), or use Audio.crop(..., mode='pad').",
                   "Or convert the audio to 16 kHz mono wav once and compute everything from that file.")
        else:
            what = f"segment [{facts.get('start')}, {end}] is {over:.1f} s beyond the file{name} ({dur:.3f} s)"
            text = (f"The requested segment ends {over:.1f} s after the end of the file{name} ({dur:.3f} s): the segment times belong to "
                    "a different (longer) recording or a different sample rate/annotation.")
            fix = ("Check that annotations/segments and audio files are paired correctly (same uri, same version of the file).",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    if sig == "sample-count":
        got, exp = _num(facts.get("got"), int), _num(facts.get("expected"), int)
        if not got or not exp:
            return None
        diff = exp - got
        ratio = got / exp
        if 0 < diff and ratio >= 0.98:
            what = f"window decoded {diff} samples short{name}"
            text = (f"One window{name} decoded to {got} samples instead of {exp} ({diff} short, {100 * (1 - ratio):.2f}%): the file's "
                    "declared duration does not match its decoded length, typical of mp3 (VBR), m4a and ogg inputs.")
            fix = ("Convert to PCM wav before diarizing: ffmpeg -i in -ar 16000 -ac 1 -c:a pcm_s16le out.wav.",
                   "Or pass a preloaded waveform: pipeline({'waveform': w, 'sample_rate': sr}).")
        elif ratio < 0.98:
            what = f"{uri or 'the file'} is shorter than one window ({got} of {exp} samples)"
            text = (f"The window needs {exp} samples but only {got} exist ({100 * ratio:.0f}%): the file is shorter than the model's "
                    "window (10 s). pyannote 4.0.x does not pad short files.")
            fix = ("Pad the audio to at least 10 s (append silence) or use pyannote.audio 3.4 for short clips.",
                   "If the file is not that short, check its sample rate and container (it may be decoded at a different length).")
        else:
            what = f"window decoded {-diff} samples too many{name}"
            text = f"A window{name} decoded to {got} samples, {-diff} more than the expected {exp}: inexact container length."
            fix = ("Convert the input to PCM wav before diarizing.",)
        return Explanation(text=text, fix=fix, derived={"what": what, "missing_samples": diff})
    return None
