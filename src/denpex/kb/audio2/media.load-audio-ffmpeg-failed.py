"""Computed diagnosis for media.load-audio-ffmpeg-failed: classify the text after 'Failed to load audio:'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    ff = str(facts.get("ffmpeg_reason") or "").strip()
    low = reason.lower()
    if not reason:
        return None
    if facts.get("_signature") == "ffmpeg-python-shadowed" or "module 'ffmpeg' has no attribute" in low:
        kind = "wrong ffmpeg Python package"
        text = ("The imported module 'ffmpeg' is not ffmpeg-python: a package named 'ffmpeg' or 'python-ffmpeg' is installed "
                "and provides a module of the same name without ffmpeg.input().")
        fix = ("pip uninstall -y ffmpeg python-ffmpeg ffmpeg-python && pip install ffmpeg-python",)
    elif "winerror 2" in low or "no such file or directory: 'ffmpeg'" in low or "cannot find the file specified" in low:
        kind = "ffmpeg executable not found"
        text = "The ffmpeg program could not be started: it is not installed or not on this process's PATH."
        fix = ("Install ffmpeg (apt install ffmpeg / conda install -c conda-forge ffmpeg / winget install ffmpeg) and restart the app "
               "from a shell where 'ffmpeg -version' works; portable RVC/GPT-SoVITS builds expect ffmpeg.exe in the app folder.",)
    elif "see stderr output for detail" in low:
        kind = "ffmpeg rejected the input"
        if ff:
            text = f"ffmpeg ran and failed ({ff}); ffmpeg-python captured its stderr without printing it."
        else:
            text = ("ffmpeg ran and failed, but ffmpeg-python captured its stderr without printing it. Usual causes: a path with "
                    "quotes/trailing spaces or relative to another folder, or a file that is not decodable audio.")
        fix = ("Run ffmpeg -i \"<the file>\" -f null - by hand to see the reason.",
               "Strip quotes/spaces from the path pasted into the web UI; use an absolute path.")
    elif "no version information available" in low:
        kind = "ffmpeg library conflict"
        text = ("ffmpeg printed dynamic-linker warnings (a conda library such as libtinfo shadowing the system one) and, with "
                "openai-whisper, any stderr from a failing ffmpeg is shown. Check the last ffmpeg line for the real error.")
        fix = ("Run ffmpeg outside the conda lib path (or conda install -c conda-forge ffmpeg into the same env) and retry the file.",)
    else:
        reason_ff = ff or reason
        if "No such file or directory" in reason_ff:
            kind = "input path not found"
            text = "ffmpeg could not find the input file: the path is wrong or relative to another working directory."
            fix = ("Pass an absolute path; check it exists from the same process (os.path.exists).",)
        elif "Invalid data found" in reason_ff or "moov atom not found" in reason_ff:
            kind = "file is not decodable audio"
            text = "ffmpeg could not parse the file: it is empty, truncated (moov atom missing), an HTML/LFS pointer, or not media."
            fix = ("Check the file: ls -l, file <path>, ffprobe <path>; re-download or re-encode it, or skip it.",)
        elif "Permission denied" in reason_ff:
            kind = "permission denied"
            text = "ffmpeg could not read the input (or write a temp file): permission denied."
            fix = ("Fix file permissions or the temp directory (TMPDIR) for the service user.",)
        else:
            kind = "ffmpeg failed"
            text = f"ffmpeg failed while decoding: {reason_ff[:200]}"
            fix = ("Run ffmpeg -i <file> -f null - in the same environment to reproduce and read ffmpeg's last line.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind, "what": kind})
