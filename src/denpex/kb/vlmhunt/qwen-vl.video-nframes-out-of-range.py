"""Computed diagnosis for qwen-vl.video-nframes-out-of-range: below 2, above the clip, or an empty video."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        total = int(facts.get("total_frames"))
        n = float(facts.get("nframes"))
        low = int(facts.get("factor") or 2)
    except (TypeError, ValueError):
        return None
    ns = f"{n:g}"
    if total < low:
        problem = f"video decoded with only {total} frame(s)"
        text = f"The reader returned {total} frame(s) for this video, fewer than the minimum {low}: the file is broken or its codec is not supported by the backend."
        fix = ("Re-encode the video (ffmpeg -i in.mp4 -c:v libx264 -pix_fmt yuv420p out.mp4) or switch the reader (FORCE_QWENVL_VIDEO_READER=torchvision / decord).",)
    elif n < low:
        problem = f"{ns} frames requested (< {low})"
        text = (f"The sampler arrived at {ns} frames for a {total}-frame video: nframes=1 rounds to 0 (multiple of {low}), "
                "or fps x duration is under one frame.")
        best = min(total // low * low, 32)
        fix = (f"Request an even frame count: nframes={max(low, best)} (between {low} and {total}), or pass fps instead; a single frame should be sent as an image.",)
    else:
        problem = f"{ns} frames requested from a {total}-frame video"
        text = (f"{ns} frames were requested but the video has only {total}: the clip is shorter than nframes / min_frames / fps x duration allow "
                "(older qwen-vl-utils do not clamp to the clip length).")
        fix = (f"Use nframes=min(requested, {total // low * low}) for this clip, lower min_frames, or upgrade qwen-vl-utils.",)
    return Explanation(text=text, fix=fix, derived={"problem": problem})
