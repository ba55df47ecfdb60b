"""Computed diagnosis for pydub.audioop-sample-width."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    op = str(facts.get("operation") or "")
    at = f" (first hit in {op})" if op else ""
    if sig == "size-should-be":
        allowed = str(facts.get("allowed") or "")
        if allowed == "1, 2 or 4":
            text = ("audioop here accepts only 1, 2 or 4-byte samples (Python < 3.4 or pydub's pure-Python fallback); "
                    f"the audio's sample width is outside that - often 24-bit (3 bytes) or a float/8-byte layout{at}.")
            fix = ("convert to 16-bit PCM first: ffmpeg -i in.wav -acodec pcm_s16le out.wav",
                   "or run on Python >= 3.4 with the C audioop, which also handles 24-bit")
        else:
            text = ("audioop got a sample width other than 1-4 bytes: typically a 64-bit float WAV or a wrong "
                    f"sample_width when building the AudioSegment from numpy/raw data{at}.")
            fix = ("write generated audio as int16: np.int16(np.clip(audio, -1, 1) * 32767) before wavfile.write / AudioSegment",
                   "or ffmpeg -i in.wav -acodec pcm_s16le out.wav before pydub",
                   "when using AudioSegment(data, ...), pass sample_width=arr.dtype.itemsize of an integer array")
        return Explanation(text=text, fix=fix, derived={"problem": f"sample width not in {allowed or '1-4'} bytes"})
    if sig == "not-whole-frames":
        text = ("The raw byte length is not a multiple of sample_width x channels, so audioop refuses it"
                f"{at}: the segment was built or sliced with the wrong width/channel count, or the data is truncated.")
        fix = ("rebuild the segment with the true layout (sample_width=arr.dtype.itemsize, channels=arr.shape[1] if 2-D)",
               "slice with seg[start_ms:end_ms] rather than raw bytes; re-export truncated files with ffmpeg")
        return Explanation(text=text, fix=fix, derived={"problem": "byte length not a whole number of frames"})
    return None
