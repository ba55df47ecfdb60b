"""Computed diagnosis for wav2lip.face-not-detected: frame count and device from the run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    frames = facts.get("frames")
    device = facts.get("device")
    sig = facts.get("_signature")
    parts = []
    fix = []
    note = ""
    if isinstance(frames, int) and frames > 0:
        note = f" (one of {frames} frames)"
        parts.append(f"The detector ran over {frames} frames and at least one had no face; a single faceless frame stops the run.")
        if frames == 1:
            parts.append("With a single frame (a still image) the face itself was not found: use a larger, frontal, real-photo face.")
    if sig == "runtime-face-not-detected":
        parts.append("This pipeline aligns the face with landmarks on every frame and has no fallback for a frame without one.")
        fix.append("Trim the video to frames with a clear frontal face, or patch the landmark step to reuse the previous frame's transform.")
    else:
        fix.append("Trim faceless segments (ffmpeg -ss/-to), or pass --box y1 y2 x1 x2 to skip detection with a fixed crop.")
        fix.append("Try --resize_factor 2 and --pads 0 20 0 0; re-download face_detection/detection/sfd/s3fd.pth if it is smaller than ~86 MB.")
    if device == "cpu":
        parts.append("Inference ran on the CPU, so detection is slow; that does not cause the error.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"frames_note": note})
