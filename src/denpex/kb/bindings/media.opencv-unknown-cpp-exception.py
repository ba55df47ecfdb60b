"""Computed diagnosis for media.opencv-unknown-cpp-exception: which call and its usual cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("func") or "")
    method = str(facts.get("method") or "")
    derived = {"where": f" {('cv2.' + func) if func else method}" if (func or method) else ""}
    if method in ("detect", "compute", "detectAndCompute"):
        return Explanation(
            text=f"The failing call is a feature detector's .{method}(): the usual cause is a detector built with the bare class (cv2.ORB(), cv2.SIFT(), cv2.SimpleBlobDetector()), which holds no implementation.",
            fix=("Create it with the factory: cv2.ORB_create(), cv2.SIFT_create(), cv2.SimpleBlobDetector_create(params).",),
            derived=derived,
        )
    if method in ("init", "update"):
        return Explanation(
            text=f"The failing call is a tracker's .{method}(): trackers must come from their factory (cv2.TrackerCSRT_create(), cv2.legacy.TrackerKCF_create()), and init needs a box of ints inside the frame.",
            fix=("Build the tracker with its *_create() factory and pass bbox as a tuple of ints.",),
            derived=derived,
        )
    if method == "write":
        return Explanation(
            text="The failing call is VideoWriter.write(): the frame differs from what the writer was opened with (size (w, h), 3-channel uint8), or the writer failed to open.",
            fix=("Check writer.isOpened(); resize frames to the writer size: frame = cv2.resize(frame, (w, h)); frame = np.ascontiguousarray(frame, dtype=np.uint8).",),
            derived=derived,
        )
    if func.startswith("connectedComponents"):
        return Explanation(
            text=f"cv2.{func} failed without a cv::Exception: its input must be a single-channel 8-bit (or 16-bit) binary image, C-contiguous.",
            fix=("Pass np.ascontiguousarray((mask > 0).astype(np.uint8)); if the input is already like that, try another opencv-python release (one wheel installed).",),
            derived=derived,
        )
    if func or method:
        name = f"cv2.{func}" if func else f".{method}()"
        return Explanation(
            text=f"{name} ended with a C++ exception OpenCV could not identify (not a cv::Exception): an object not made by its factory, input of an unguarded type/size, or a native fault in this build.",
            fix=(f"Check the inputs of {name} (dtype, shape, contiguity, sizes), create objects with *_create() factories, and try another opencv-python release if they are valid.",),
            derived=derived,
        )
    return None
