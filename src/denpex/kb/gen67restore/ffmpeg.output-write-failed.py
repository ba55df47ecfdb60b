"""Computed diagnosis for ffmpeg.output-write-failed: disk full versus unwritable target."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    frame = str(facts.get("frame_path") or "").strip()
    note = f"{reason or 'write error'}" + (f" on frame file {frame}" if frame else "")
    where = f"the directory of '{frame}'" if frame else "the output location"
    fix: list[str] = []
    if reason in ("No space left on device", "Disk quota exceeded", "File too large"):
        text = f"ffmpeg hit '{reason}' while writing to {where}: the target disk or quota is full (or the filesystem caps file size)."
    elif reason == "Permission denied":
        text = f"ffmpeg may not write to {where}: the directory is read-only or owned by another user."
        fix.append("Make the output/cache directory writable for this user, or choose another one.")
    else:
        text = (f"ffmpeg got an I/O error writing to {where}. For frame extraction this is nearly always a full drive "
                "(the temp/cache folder on the system drive) or a folder that was removed or is not writable.")
    fix.append("Check free space where the frames go and move the cache/temp directory to a large drive; split long videos into segments.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": note})
