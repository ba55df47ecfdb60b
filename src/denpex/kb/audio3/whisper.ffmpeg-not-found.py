"""Computed diagnosis for whisper.ffmpeg-not-found: OS-specific install/PATH fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    os_error = str(facts.get("os_error") or "")
    if not os_error:
        return None
    caller = str(facts.get("caller") or "whisper")
    windows = os_error.startswith("WinError")
    text = (f"{caller}.load_audio tried to start the ffmpeg program and the OS could not find it ({os_error}). "
            "The audio file is not the missing file: ffmpeg is not installed or not on this process's PATH.")
    if windows:
        fix = ("winget install Gyan.FFmpeg (or choco install ffmpeg), then close and reopen the terminal and restart the IDE / app so PATH is re-read.",
               "Check: where ffmpeg  (and in Python: import shutil; shutil.which('ffmpeg')).")
    else:
        fix = ("sudo apt install ffmpeg (Ubuntu/Debian), brew install ffmpeg (macOS) or conda install -c conda-forge ffmpeg; in Docker add it to the image.",
               "Check: which ffmpeg  in the same environment that runs Python.")
    fix = fix + ("Or skip load_audio: decode with soundfile/librosa at 16 kHz and pass the float32 array to transcribe().",)
    return Explanation(text=text, fix=fix, derived={"platform": "Windows" if windows else "Linux/macOS"})
