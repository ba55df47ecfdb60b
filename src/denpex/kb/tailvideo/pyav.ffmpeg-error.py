"""Computed diagnosis for pyav.ffmpeg-error: name the FFmpeg error code PyAV reported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES: dict[int, tuple[str, str, tuple[str, ...]]] = {
    1: ("EPERM", "FFmpeg refused the operation (decoder open after many unclosed containers, or a seek the demuxer cannot do)",
        ("Open each file with 'with av.open(path) as container:' (or call container.close()) so codec contexts are released.",
         "If one file fails on seek: decode from the start instead of seeking, or remux it with ffmpeg -i in -c copy out.mp4.")),
    2: ("ENOENT", "the file or URL does not exist",
        ("Check the path PyAV received (relative to the working directory of the DataLoader worker).",)),
    5: ("EIO", "an input/output error (network stream or storage dropped)",
        ("Retry the read, or copy remote files locally before decoding.",)),
    11: ("EAGAIN", "the codec wanted its output drained first (send/receive ordering, live streams)",
         ("Upgrade PyAV (pip install -U av); decode with container.decode(stream) instead of feeding packets by hand.",)),
    22: ("EINVAL", "FFmpeg rejected an argument (codec option, pixel format, seek offset/stream)",
         ("Check the options passed to av.open / add_stream and the seek offset (in stream.time_base units unless any_frame/backward flags say otherwise).",)),
    541478725: ("AVERROR_EOF", "end of file: reading past the last packet or sending to a flushed codec",
                ("Clamp seek targets to the stream duration and stop on av.error.EOFError.",)),
    1414092869: ("AVERROR_EXIT", "the interrupt callback aborted FFmpeg: the timeout= passed to av.open expired (timeout=0 aborts at once) or the process was interrupted",
                 ("Remove timeout=0: use timeout=None or timeout=(10, 30) seconds for (open, read).",)),
    1313558101: ("AVERROR_UNKNOWN", "FFmpeg reported an unknown error (often a hardware decoder or external library failure)",
                 ("Retry with software decoding and a current PyAV wheel; check the FFmpeg log lines printed before the exception.",)),
    1128613112: ("AVERROR_DECODER_NOT_FOUND", "this PyAV build's FFmpeg has no decoder for the stream",
                 ("Install a PyAV build with that decoder (pip install -U av, or conda-forge av) or transcode to H.264.",)),
    1330794744: ("AVERROR_PROTOCOL_NOT_FOUND", "the URL scheme is not supported by this FFmpeg build",
                 ("Download the file first, or use a build with the protocol (https needs an FFmpeg with TLS).",)),
    875574520: ("HTTP 404", "the server answered 404 Not Found", ("Fix the URL or download the file.",)),
    858797304: ("HTTP 403", "the server answered 403 Forbidden", ("Use a signed/authorised URL or download the file.",)),
    825242872: ("HTTP 401", "the server answered 401 Unauthorized", ("Pass credentials or download the file.",)),
    1482175992: ("HTTP 5xx", "the server failed", ("Retry later or mirror the file.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = abs(int(facts["av_errno"]))
    except (KeyError, TypeError, ValueError):
        return None
    cls = facts.get("av_class") or "FFmpeg error"
    known = _CODES.get(code)
    if known is None:
        return Explanation(
            text=f"PyAV raised {cls} for FFmpeg error {code}; see the FFmpeg log line printed before it.",
            fix=("python -m av --version  # check PyAV/FFmpeg build, then upgrade PyAV or transcode the file",),
            derived={"meaning": f"FFmpeg error {code}"},
        )
    name, meaning, fix = known
    return Explanation(text=f"{cls} [Errno {code}] = {name}: {meaning}.", fix=fix, derived={"meaning": meaning})
