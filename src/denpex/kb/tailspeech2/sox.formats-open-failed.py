"""Computed diagnosis for sox.formats-open-failed: what the SoX reason says about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEEDS_LIB = {"mp3": "libsox-fmt-mp3", "m4a": None, "mp4": None, "aac": None, "opus": "libsox-fmt-all",
              "wma": None, "webm": None, "ogg": "libsox-fmt-all", "flac": "libsox-fmt-all"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ext = facts.get("ext")
    if isinstance(ext, str) and ext:
        lib = _NEEDS_LIB.get(ext.lower(), "libsox-fmt-all")
        fix = [f"ffmpeg -i in.{ext} -ac 1 -ar 16000 out.wav  # convert once, point the manifest at the WAVs"]
        if lib:
            fix.insert(0, f"sudo apt-get install {lib}  # then: sox --help-format {ext}")
        return Explanation(
            text=f"This SoX build has no handler for .{ext} files.",
            fix=tuple(fix),
            derived={"diagnosis": f"no {ext} support in SoX"},
        )
    path, reason = facts.get("path"), facts.get("reason")
    if not isinstance(path, str) or not isinstance(reason, str):
        return None
    r = reason.lower()
    if "no such file" in r:
        hints = []
        if " " in path:
            hints.append("the path contains a space (quote it, or avoid spaces in corpus paths)")
        if not path.startswith(("/", "\\")) and ":" not in path[:3]:
            hints.append("the path is relative, resolved from the working directory of the process")
        extra = ("; " + "; ".join(hints)) if hints else ""
        return Explanation(
            text=f"SoX cannot find {path}{extra}.",
            fix=(f"ls -l '{path}'", "Use absolute paths in wav.scp / CSV manifests and re-run from the recipe directory."),
            derived={"diagnosis": "file not found"},
        )
    if "riff header not found" in r:
        if path == "-":
            return Explanation(
                text="SoX read from a pipe ('-') and got no WAV data: the command before it in the wav.scp pipe failed or wrote nothing.",
                fix=("Run the wav.scp command of one utterance by hand and look at its error.",),
                derived={"diagnosis": "empty pipe input"},
            )
        return Explanation(
            text=f"{path} is named like a WAV but does not start with a RIFF header: another format renamed, a Git LFS pointer, an HTML page or a truncated file.",
            fix=(f"file '{path}'  # what it really is", f"ffmpeg -i '{path}' -ac 1 -ar 16000 fixed.wav"),
            derived={"diagnosis": "not a WAV file"},
        )
    return Explanation(
        text=f"SoX could not open {path}: {reason}.",
        fix=(f"ls -l '{path}'; soxi '{path}'",),
        derived={"diagnosis": reason},
    )
