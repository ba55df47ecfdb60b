"""Computed diagnosis for decord.threaded-decoder-error: decode the FFmpeg AVERROR code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# AVERROR values FFmpeg returns (negative errno or negative FFERRTAG).
_CODES = {
    -11: ("EAGAIN", "the decoder asked for its frames to be drained first (multi-threaded decoding of this stream)"),
    -35: ("EAGAIN", "the decoder asked for its frames to be drained first (macOS errno numbering)"),
    -1094995529: ("AVERROR_INVALIDDATA", "a packet of the file is corrupt (Invalid data found when processing input)"),
    -541478725: ("AVERROR_EOF", "the decoder was already flushed (end of file)"),
    -12: ("ENOMEM", "FFmpeg could not allocate memory"),
    -22: ("EINVAL", "FFmpeg rejected the packet as an invalid argument (codec context not opened for it)"),
    -1414092869: ("AVERROR_EXIT", "decoding was interrupted"),
    -1128613112: ("AVERROR_DECODER_NOT_FOUND", "no decoder for this codec in decord's FFmpeg"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    code = facts.get("av_code")
    if sig == "run-load":
        return Explanation(
            text=("The reader's decoding thread had already stopped on an earlier error, and this call pushed more "
                  "packets into it. Look above for the first DECORDError of this reader (or one swallowed by a try/except)."),
            fix=("Create a new decord.VideoReader after any DECORDError instead of reusing the old one.",
                 "Open the file with num_threads=1, or re-encode it if the first error was a decode failure."),
            derived={"meaning": "worker already stopped", "code_text": " (reader reused after its worker stopped)"},
        )
    if sig == "cuda-arr-defined":
        return Explanation(
            text="The NVDEC (GPU) reader could not convert a decoded frame: use the CPU reader (ctx=cpu(0)) for this file.",
            fix=("decord.VideoReader(path, ctx=decord.cpu(0), num_threads=1)",),
            derived={"meaning": "GPU frame conversion failed", "code_text": " (NVDEC frame conversion)"},
        )
    try:
        code_i = int(code)
    except (TypeError, ValueError):
        return Explanation(
            text="FFmpeg refused a packet in decord's worker thread (code cut off in the log).",
            fix=("Retry with decord.VideoReader(path, num_threads=1); if it still fails, re-encode the file with ffmpeg.",),
            derived={"meaning": "unknown", "code_text": ""},
        )
    name, meaning = _CODES.get(code_i, (f"AVERROR {code_i}", "an FFmpeg error"))
    fix: tuple[str, ...]
    if name == "EAGAIN":
        fix = ("Open the file with decord.VideoReader(path, ctx=cpu(0), num_threads=1).",
               "Or re-encode it to H.264 MP4: ffmpeg -i in.webm -c:v libx264 -pix_fmt yuv420p out.mp4")
    elif name == "AVERROR_INVALIDDATA":
        fix = ("Find the broken file (ffmpeg -v error -i <file> -f null -), then re-download or repair it: "
               "ffmpeg -fflags +discardcorrupt -i in.mp4 -c copy out.mp4",
               "Catch DECORDError in the Dataset and return another sample.")
    else:
        fix = ("Retry with num_threads=1 and, if it persists, re-encode the file with ffmpeg.",)
    return Explanation(
        text=f"FFmpeg returned {code_i} ({name}): {meaning}.",
        fix=fix,
        derived={"meaning": meaning, "code_text": f" with {name} ({code_i})"},
    )
