"""Computed diagnosis for media.ffmpeg-missing: which kind of FFmpeg (program or shared libraries, which majors) is needed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SONAME = {"4": "libavutil.so.56", "5": "libavutil.so.57", "6": "libavutil.so.58", "7": "libavutil.so.59", "8": "libavutil.so.60"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tried = facts.get("tried")
    lib = str(facts.get("library") or "")
    tool = str(facts.get("tool") or "")
    tv = facts.get("torch_version")
    fix: list[str] = []
    if tried is not None:
        majors = [v for v in re.findall(r"'(\d+)'", str(tried))]
        shown = ", ".join(majors) or "none"
        sonames = ", ".join(_SONAME[m] for m in majors if m in _SONAME)
        what = f"torchaudio/torio found no FFmpeg {('/'.join(majors) or '?')} shared libraries"
        text = (f"torchaudio's FFmpeg extension was tried for FFmpeg majors {shown} and none loaded: the process finds no "
                f"{sonames or 'libavutil.so.*'} (plus the matching libavcodec/libavformat). Either FFmpeg is not installed, it is a newer "
                f"major ({int(max(majors, default='6')) + 1}+) this torchaudio was not built for, or it is a static build without shared libraries.")
        fix.append(f"Install FFmpeg shared libraries of major {shown}: conda install -c conda-forge 'ffmpeg<{int(max(majors, default='6')) + 1}' (into the same env), "
                   "or the distribution package (Ubuntu 22.04 ships FFmpeg 4, 24.04 FFmpeg 6).")
        fix.append("Force one version once installed: export TORIO_USE_FFMPEG_VERSION=6 (or 5/4); check torchaudio.list_audio_backends() contains 'ffmpeg'.")
        fix.append("Windows: a 'shared' FFmpeg build whose bin (avutil-5x.dll ...) is on PATH of the Python process.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    major = facts.get("ffmpeg_major")
    if lib.startswith("libtorchcodec_core") and major is not None:
        soname = _SONAME.get(str(major), "libavutil.so.*")
        what = f"torchcodec's core library for FFmpeg {major} did not load"
        text = (f"torch could not load {lib}, the torchcodec core built against FFmpeg {major}. torchcodec tries one such core per "
                f"FFmpeg major it supports; this one needs FFmpeg {major}'s shared libraries ({soname} and the matching libavcodec/"
                "libavformat). The error under it says which: a missing libav*.so means no FFmpeg of that major is installed, an "
                "undefined torch symbol means torchcodec does not match the installed torch. If every major failed, torchcodec cannot be used.")
        fix.append("Install FFmpeg with shared libraries into the env: conda install -c conda-forge ffmpeg (or the OS package), "
                   "a major torchcodec supports.")
        fix.append("Install the torchcodec release paired with your torch (see the compatibility table in the torchcodec README), from the same index as torch.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if lib.startswith("libtorchcodec"):
        what = "torchcodec could not load (FFmpeg shared libraries missing or torch/torchcodec mismatch)"
        text = ("torchcodec tried each FFmpeg major it supports and none loaded. The per-version tracebacks that follow are expected for "
                "majors you do not have; the one for your installed FFmpeg tells the real cause (missing libav*.so, undefined symbol = "
                "torch/torchcodec mismatch).")
        if tv:
            text += f" PyTorch here is {tv}: torchcodec releases support only specific torch versions."
        fix.append("Install FFmpeg with shared libraries into the env: conda install -c conda-forge ffmpeg (Windows: the 'full-shared' build, bin on PATH).")
        fix.append("Install the torchcodec release paired with your torch (see the compatibility table in the torchcodec README), from the same index as torch.")
        fix.append("If you only need audio, load it with soundfile instead and skip torchcodec.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if lib == "FFmpeg libraries are not found":
        what = "torchaudio 2.0 found no FFmpeg libraries (needs FFmpeg 4.x)"
        text = "torchaudio 0.14/2.0 loads FFmpeg 4.x shared libraries (libavutil.so.56); none were found in the library search path."
        fix.append("conda install -c conda-forge 'ffmpeg<5' (or the OS FFmpeg 4 package), or upgrade torchaudio to 2.1+ which also accepts FFmpeg 5 and 6.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if lib == "FFmpeg extension is not available":
        what = "torchaudio's FFmpeg extension did not load; FFmpeg-based I/O is unavailable"
        text = ("An FFmpeg-based torchaudio/torio function was called, but its extension failed to load earlier (no FFmpeg 4-6 shared "
                "libraries). The DEBUG lines before it ('Failed to load FFmpeg6 extension' ...) show each attempt.")
        fix.append("conda install -c conda-forge 'ffmpeg<7' into the env (or an OS FFmpeg 4-6 package); Windows: shared build on PATH.")
        fix.append("Or avoid FFmpeg: load wav/flac/mp3 with soundfile (torchaudio.load(..., backend='soundfile')).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if facts.get("pydub_call"):
        call = facts["pydub_call"]
        what = f"pydub's {call} could not start ffprobe/ffmpeg (not on PATH)"
        text = (f"pydub's {call} spawns ffprobe/ffmpeg as a subprocess to read or write a non-WAV format, and Windows "
                "answered [WinError 2]: the program is not on PATH. Ultimate Vocal Remover does this when the output "
                "format is MP3/FLAC or the input is not WAV.")
        fix.append("Install FFmpeg (winget install ffmpeg, or a build from ffmpeg.org) and add its bin folder to PATH; restart the application so it sees the new PATH.")
        fix.append("Or, in Ultimate Vocal Remover, choose WAV as the output format (no FFmpeg needed).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if tool:
        prog = tool.split(" or ")[0]
        what = f"pydub cannot find {prog} on PATH"
        text = (f"pydub looked for {tool} on PATH at import and found neither. WAV files still work; any other format "
                f"(mp3, m4a, ogg, ...) will fail when pydub spawns {prog}.")
        fix.append(f"Install FFmpeg (it provides {prog}): apt-get install ffmpeg / conda install -c conda-forge ffmpeg / brew install ffmpeg / winget install ffmpeg.")
        fix.append(f"Or point pydub at a binary: AudioSegment.converter = '/path/to/ffmpeg' (and pydub.utils.get_prober_name for ffprobe).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    what = "the ffmpeg executable was not found (imageio-ffmpeg / moviepy)"
    text = ("imageio-ffmpeg found no ffmpeg program: no bundled binary (platform without imageio-ffmpeg wheels, or the package "
            "missing), nothing at IMAGEIO_FFMPEG_EXE and none on PATH.")
    fix.append("Install ffmpeg (apt-get install ffmpeg / conda install -c conda-forge ffmpeg / brew install ffmpeg / winget install ffmpeg), or pip install imageio-ffmpeg for its bundled binary.")
    fix.append("Or export IMAGEIO_FFMPEG_EXE=/full/path/to/ffmpeg for the process (moviepy reads the same variable).")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
