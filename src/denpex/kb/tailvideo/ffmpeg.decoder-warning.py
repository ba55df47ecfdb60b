"""Computed diagnosis for ffmpeg.decoder-warning: say what the FFmpeg log line means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MEANING = {
    "mmco-unref": ("a reference-frame operation named a frame the decoder never decoded (seek or cut mid-GOP); harmless",
                   ("Ignore it, or lower the FFmpeg log level of the decoding library.",)),
    "sei-truncated": ("a supplemental (SEI) message in the stream is shorter than declared; harmless",
                      ("Ignore it, or lower the FFmpeg log level.",)),
    "deprecated-pixel-format": ("swscale converts a full-range yuvj* frame; colours are handled, nothing is wrong",
                                ("Ignore it; to silence it convert once with ffmpeg -i in -pix_fmt yuv420p out.mp4.",)),
    "error-decoding-mb": ("a slice of a frame is corrupt; FFmpeg conceals the missing blocks, so that frame has artefacts",
                          ("If many files print it, re-encode them: ffmpeg -i in.mp4 -c:v libx264 -pix_fmt yuv420p out.mp4",
                           "Find them with: ffmpeg -v error -i <file> -f null -")),
    "concealing": ("FFmpeg repaired corrupt macroblocks by copying/interpolating neighbours; the frame has artefacts",
                   ("Re-encode or re-download the affected files if the artefacts matter.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in _MEANING:
        return None
    meaning, fix = _MEANING[sig]
    who = facts.get("decoder")
    src = f"FFmpeg's {who} component" if who else "FFmpeg (inside decord/PyAV/OpenCV/torchvision)"
    return Explanation(
        text=f"Logged by {src}: {meaning}. It does not end the run; if the run failed, the cause is another error in the log.",
        fix=fix,
        derived={"meaning": meaning},
    )
