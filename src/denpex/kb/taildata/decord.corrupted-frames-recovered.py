"""Computed diagnosis for decord.corrupted-frames-recovered: which file, how many frames."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n = int(facts["recovered"])
    except (KeyError, TypeError, ValueError):
        return None
    file = str(facts.get("file") or "").strip()
    target = f"'{file}'" if file else "<file>"
    limit = str(facts.get("_signature") or "") == "fault-tol-limit-reached"
    if limit:
        text = (f"decord raised DECORDLimitReachedError: more than {n} frames of {target} could not be decoded and were "
                "replaced by neighbours, which is above the fault_tol you set.")
        fix = (f"Skip this sample (catch decord.DECORDLimitReachedError) and list {target} for repair or removal.",
               f"Repair: ffmpeg -fflags +discardcorrupt -i {target} -c copy fixed.mp4 (or re-encode with -c:v libx264).")
    else:
        text = (f"More than {n} frames of {target if file else 'a video'} failed to decode and were replaced by copies of the nearest "
                "good frame: clips sampled from it contain repeated frames.")
        fix = (f"Check the file: ffmpeg -v error -i {target} -f null -",
               f"Re-download or repair {target}; to reject such files in training use VideoReader(path, fault_tol=0.05).")
    return Explanation(text=text, fix=fix, derived={"file_text": f" in {file}" if file else ""})
