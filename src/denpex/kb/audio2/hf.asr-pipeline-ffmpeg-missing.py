"""Computed diagnosis for hf.asr-pipeline-ffmpeg-missing: program missing vs undecodable input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    raw = str(facts.get("what") or "")
    if sig == "malformed-soundfile":
        what = "ffmpeg decoded no audio from the input (Malformed soundfile)"
        text = ("ffmpeg ran but produced no samples: the input bytes are not decodable audio (empty or truncated file, an HTML page "
                "from a URL, an unsupported container). The pipeline silences ffmpeg's own error.")
        fix = ("Check the input: ls -l <file>; ffprobe <file>; for URLs, download and inspect the bytes.",
               "Re-encode it (ffmpeg -i in -ar 16000 -ac 1 out.wav) or decode with librosa and pass {'raw': y, 'sampling_rate': 16000}.")
    elif sig in ("ffmpeg-not-found", "ffmpeg-read-spawn"):
        windows = "cannot find the file specified" in raw
        what = "the ffmpeg program is not installed or not on PATH"
        text = ("transformers could not start the ffmpeg executable to decode a file/URL/bytes input"
                + (" (Windows: ffmpeg.exe is not on this process's PATH)." if windows else ".")
                + " Python wrappers such as ffmpeg-python do not provide it.")
        if windows:
            fix = ("winget install Gyan.FFmpeg (or choco install ffmpeg), then open a new terminal / restart the kernel so PATH is re-read.",
                   "Or add the folder with ffmpeg.exe to PATH before the first pipeline call.")
        else:
            fix = ("apt-get install -y ffmpeg (Debian/Ubuntu/Colab/Kaggle), brew install ffmpeg, or conda install -c conda-forge ffmpeg, "
                   "then restart the process.",)
        fix = fix + ("Or decode yourself and pass {'raw': array, 'sampling_rate': sr} to the pipeline.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what})
