"""Computed diagnosis for demucs.audio-load-failed: read the per-backend reasons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUBCOMMANDS = {"separate", "demucs", "-m", "python"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file = str(facts.get("file") or "").strip().strip("'\"")
    ff = str(facts.get("ffmpeg_error") or "").strip()
    ta = str(facts.get("torchaudio_error") or facts.get("old_error") or "").strip()
    if not (file or ff or ta):
        return None
    ta_low = ta.lower()
    fix: list[str] = []
    parts: list[str] = []
    diagnosis = "input could not be decoded"
    if file and file.lower() in _SUBCOMMANDS:
        diagnosis = f"'{file}' was taken as the track name"
        parts.append(f"Demucs was asked to separate a file named '{file}': it has no subcommands, so a word such as "
                     "'separate' after 'demucs' is read as a track path.")
        fix.append("Run: demucs [options] \"path/to/track.mp3\" (or python -m demucs ...), without 'separate'.")
    if ff.lower().startswith("ffmpeg is not installed"):
        diagnosis = diagnosis if fix else "ffmpeg executable not found"
        parts.append("No ffmpeg executable was found on this process's PATH, so mp3/m4a/aac cannot be decoded.")
        fix.append("Install ffmpeg (apt install ffmpeg / brew install ffmpeg / conda install -c conda-forge ffmpeg, or add a Windows build's bin folder to PATH); 'pip install ffmpeg' is not it.")
    elif ff.lower().startswith("ffmpeg could not read"):
        parts.append("ffmpeg ran but could not read the input: the path does not exist as written or the file is not audio.")
        fix.append(f"Check the path: ffprobe \"{file or '<track>'}\"")
    if "no audio i/o backend" in ta_low or "couldn't find appropriate backend" in ta_low or "no audio backend" in ta_low:
        parts.append("torchaudio has no I/O backend installed, so its fallback cannot read anything.")
        fix.append("pip install soundfile (gives torchaudio a wav/flac backend).")
    elif "unknown format" in ta_low or "failed to load audio" in ta_low:
        parts.append("torchaudio's backend cannot decode this format (soundfile reads wav/flac/ogg, not mp3/m4a on older libsndfile).")
    elif "system error" in ta_low or "no such file" in ta_low:
        parts.append("torchaudio could not open the path at all (missing file, unquoted spaces, or a folder).")
        fix.append("Quote the path and check that it exists.")
    if not parts:
        parts.append("Both decoders refused the file; see the detail lines.")
        fix.append("Install ffmpeg and soundfile, quote the path, or convert the file to wav.")
    text = (f"Demucs could not read '{file}'. " if file else "Demucs could not read the input. ") + " ".join(parts)
    return Explanation(text=text, fix=tuple(dict.fromkeys(fix)), derived={"diagnosis": diagnosis})
