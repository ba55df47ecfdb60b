"""Computed diagnosis for opencv.camera-open-failed: which camera index/device could not be opened."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    idx = facts.get("index")
    dev = str(facts.get("device") or "")
    if idx is None and dev:
        m = re.search(r"(\d+)$", dev)
        idx = int(m.group(1)) if m else None
    if idx is None and not dev:
        what = "OpenCV VideoCapture could not open the requested camera"
        text = "The obsensor backend found no camera at the requested index after the V4L2 backend failed to open it."
    else:
        node = dev or f"/dev/video{idx}"
        what = f"OpenCV could not open camera index {idx} ({node})"
        text = (f"VideoCapture({idx}) could not open {node}: it does not exist, is not a capture node, is held by another "
                "process, or is not accessible to this user/container. OpenCV only logs this; reading from the capture then "
                "returns no frames.")
        if idx and int(idx) > 0:
            text += " If the code probes several indices, the warnings for missing ones are harmless."
    fix = (
        "ls -l /dev/video* && v4l2-ctl --list-devices  # pick an existing capture node",
        "fuser -v /dev/video0  # another process holding the camera?",
        "Docker: --device /dev/video0; WSL2: attach the camera with usbipd-win; add the user to the video group.",
        "Check cap.isOpened() right after cv2.VideoCapture(...) and stop with a clear message when it is False.",
    )
    return Explanation(text=text, fix=fix, derived={"what": what})
