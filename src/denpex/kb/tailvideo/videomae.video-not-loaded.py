"""Computed diagnosis for videomae.video-not-loaded: read the failing path for the usual mistakes."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VIDEO_EXT = (".mp4", ".webm", ".avi", ".mkv", ".mov", ".flv", ".m4v", ".mpg", ".mpeg", ".wmv")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("file") or "").strip("'\"")
    if not path:
        return None
    phase = facts.get("phase") or "training"
    phase_text = {"training": "training", "validation": "validation", "testing": "test"}.get(phase, phase)
    base = posixpath.basename(path.replace("\\", "/"))
    fixes: list[str] = []
    if facts.get("_signature") == "cannot-be-loaded-by-decord":
        diagnosis = "file exists but decord cannot open it"
        text = (f"decord raised while opening {path}: the file is corrupt, not a video, or in a codec decord's FFmpeg lacks.")
        fixes.append(f"ffprobe -v error -show_streams '{path}'  # then re-encode or drop it from the CSV")
    elif "." not in base or not base.lower().endswith(_VIDEO_EXT):
        diagnosis = "path has no video extension"
        text = (f"The path '{path}' has no video file extension: the annotation CSV lists ids or frame folders, "
                "but the loader opens video files.")
        fixes.append("Add the extension in the CSV (e.g. SSv2 ids -> <id>.webm) or use the raw-frame dataset option for folders.")
    elif not path.startswith(("/", "s3://", "hdfs://")) and not (len(path) > 2 and path[1] == ":"):
        diagnosis = "relative path"
        text = (f"'{path}' is relative: it is resolved against the working directory of each DataLoader worker, "
                "so data_path/--data_prefix is probably missing.")
        fixes.append("Set data_path (or write absolute paths in the CSV) and check os.path.exists on one joined path.")
    else:
        diagnosis = "file missing, empty or unreadable"
        text = (f"{path} was not loaded during {phase_text}: it does not exist at that path, is under 1 KiB, or fails to decode. "
                "If every sample prints this, the data root is wrong; if only some, those files are broken.")
        fixes.append(f"ls -l '{path}'  # exists? size?")
    fixes.append("Clean the CSV: keep only rows whose file exists and opens with decord.VideoReader(num_threads=1).")
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "phase_text": phase_text.capitalize()})
