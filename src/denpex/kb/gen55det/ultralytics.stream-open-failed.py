"""Computed diagnosis for ultralytics.stream-open-failed: camera index vs network stream, and which
environment or OS cause the surrounding lines point at (hosted notebook, V4L, macOS permission, network)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    source = str(facts.get("source") or "")
    if not source:
        return None
    reason = str(facts.get("reason") or "")
    env = str(facts.get("env") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if source.isdigit():
        derived["kind"] = "camera-index"
        text = f"OpenCV could not open camera index {source}."
        if env:
            derived["cause"] = "hosted-notebook"
            text += " The paths show a hosted notebook (Colab/Kaggle): its VM has no camera, the webcam belongs to your local computer."
            fix.append("Run webcam inference on your own machine, or in the notebook use a recorded video: source='clip.mp4'.")
        elif "not authorized" in reason or "failed to properly initialize" in reason:
            derived["cause"] = "permission"
            text += " OpenCV reports the process is not authorised to use the camera (macOS privacy)."
            fix.append("System Settings > Privacy & Security > Camera: allow Terminal / VS Code / PyCharm, then restart it.")
        elif "by index" in reason or "out of range" in reason:
            derived["cause"] = "no-device"
            text += f" OpenCV found no camera device at index {source} for this process."
            fix.append(f"List devices (ls /dev/video*; v4l2-ctl --list-devices) and try another index (source={int(source) + 1}); in Docker add --device /dev/video{source}.")
        else:
            derived["cause"] = "unknown"
            fix.append(f"Test on the same machine: python -c \"import cv2; print(cv2.VideoCapture({source}).isOpened())\"; try other indices and close apps using the camera.")
    else:
        derived["kind"] = "network-stream"
        text = f"OpenCV/FFmpeg could not open the stream {source}."
        if reason:
            derived["cause"] = "network"
            text += f" The line before says: {reason}."
        fix.append(f"ffprobe '{source}' from the inference host; check host, port, path and credentials (rtsp://user:pass@host:554/path) and the firewall.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
