"""Computed diagnosis for slowfast.video-fetch-failed: CSV format vs paths vs unreadable files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VIDEO_EXT = (".mp4", ".webm", ".avi", ".mkv", ".mov", ".flv", ".m4v", ".mpg", ".mpeg")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "csv-label-not-int":
        field = str(facts.get("label_field") or "")
        if "," in field:
            diagnosis = "comma-separated annotation CSV"
            text = (f"The label column read '{field}': the CSV is comma-separated (the official Kinetics annotation format "
                    "label,youtube_id,time_start,time_end,split), but the loader expects '<path> <int label>' lines.")
            fix = ("Convert it: one line per video, '<path/to/video.mp4> <class index>' separated by a space, no header.",
                   "Or set DATA.PATH_LABEL_SEPARATOR to ',' only if the file has exactly two columns path,label.")
        elif field and not field.lstrip("-").isdigit():
            diagnosis = "label is a class name"
            text = f"The label column is '{field}', not an integer class index (or the file has a header line)."
            fix = ("Map class names to integers (e.g. sorted class list index) and drop any header line.",)
        else:
            diagnosis = "unparseable CSV line"
            text = f"A CSV line could not be split into '<path> <int label>' (label field '{field}')."
            fix = ("Check the separator (DATA.PATH_LABEL_SEPARATOR) and remove empty or extra columns.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "detail_text": f": CSV label field '{field}' is not an integer"})
    path = str(facts.get("file") or "")
    retries = facts.get("retries")
    fixes = ["head -3 <PATH_TO_DATA_DIR>/train.csv  # '<path> <int label>' per line",
             "python -c \"import av; av.open('<one joined path>')\"  # the real open/decode error"]
    if path:
        base = path.replace("\\", "/").rsplit("/", 1)[-1]
        if not path.startswith("/") and ":" not in path[:3]:
            diagnosis = "relative path (DATA.PATH_PREFIX)"
            text = f"The failing path '{path}' is relative: set DATA.PATH_PREFIX to the folder the CSV paths are relative to."
        elif not base.lower().endswith(_VIDEO_EXT):
            diagnosis = "path without a video extension"
            text = f"The failing path '{path}' has no video extension: the CSV lists ids or frame folders."
        else:
            diagnosis = "file missing or undecodable"
            text = (f"'{path}' could not be opened or decoded; if every index fails, the data root or the decoding backend is wrong, "
                    "otherwise the file is broken.")
        detail = f" ({path})"
    else:
        diagnosis = "no video could be opened"
        text = (f"{retries or 'All'} consecutive sampled videos failed to open or decode: the CSV paths, DATA.PATH_PREFIX or the "
                "decoding backend (DATA.DECODING_BACKEND, PyAV install) is wrong.")
        detail = f" after {retries} retries" if retries else ""
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "detail_text": detail})
