"""Computed diagnosis for media.opencv-empty-image: which call got the empty image and what to check before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CHECK_READ = "Check the read right after it: img = cv2.imread(path); if img is None: raise FileNotFoundError(path)."
_NONASCII = ("Windows or non-ASCII paths: img = cv2.imdecode(np.fromfile(path, dtype=np.uint8), cv2.IMREAD_COLOR) "
             "instead of cv2.imread.")
_VIDEO = "Video/camera loops: ret, frame = cap.read(); if not ret: break (and check cap.isOpened() after opening)."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn_full = str(facts.get("function") or "")
    fn = fn_full.split("::")[-1]
    assertion = str(facts.get("assertion") or "")
    path = facts.get("path")
    ver = facts.get("cv_version")
    parts: list[str] = []
    fix: list[str] = []
    if not fn and path:  # only the imread warning
        what = f"cv2.imread could not open '{path}' (it returns None)"
        parts.append(f"OpenCV could not open '{path}': the path does not exist from the working directory, is not readable, "
                     "or holds characters the Windows C runtime cannot open. cv2.imread returned None; the next cv2 call on it "
                     "fails with (-215) !_src.empty() unless the code checks for None.")
        fix.append(f"Check the path from where the script runs: ls -l '{path}' (and print os.getcwd()); use absolute paths.")
        fix.append(_NONASCII)
        fix.append(_CHECK_READ)
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
    if not fn:
        return None
    if assertion == "!dsize.empty()":
        what = f"cv2.{fn} was asked for a (0, 0) target size"
        parts.append(f"cv2.{fn} got an empty destination size: dsize was (0, 0) (or computed to 0, e.g. int(w * scale) with a small "
                     "scale) and no fx/fy were given. The source image may be fine.")
        fix.append("Pass a non-zero (width, height), or dsize=None with fx/fy: cv2.resize(img, None, fx=0.5, fy=0.5); clamp computed sizes to at least 1.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
    if assertion.startswith("scn"):
        what = f"cv2.{fn} got an image with the wrong number of channels (or an empty one, OpenCV 3.x)"
        parts.append("The cvtColor conversion code expects a 3- or 4-channel image. In OpenCV 3.x this is also how an empty image "
                     "(imread returned None) fails; otherwise the input is grayscale/single-channel for a BGR2* code.")
        fix.append(_CHECK_READ)
        fix.append("If the image is grayscale, use the GRAY2* code or read with cv2.IMREAD_COLOR; check img.shape before converting.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
    if fn == "resize":
        what = "cv2.resize got an empty image (failed read or zero-size crop)"
        parts.append("cv2.resize received an empty source: either the read before it returned None (cv2.imread of a missing/unsupported "
                     "file, cap.read() past the last frame), or the array is a crop with zero width or height (a box outside the "
                     "image, e.g. a face box at the border).")
        fix.append(_CHECK_READ)
        fix.append("Crops: clamp boxes to the image and skip boxes with width or height 0 before resizing.")
        fix.append(_VIDEO)
    elif fn in ("imshow",):
        what = "cv2.imshow got an empty image"
        parts.append("cv2.imshow received None/empty: the image read before it failed (imread returned None or cap.read() returned False).")
        fix.append(_CHECK_READ)
        fix.append(_VIDEO)
    elif fn in ("imwrite", "imencode"):
        what = f"cv2.{fn} was asked to write an empty image"
        parts.append(f"cv2.{fn} got an empty array: the processing before it produced nothing (a failed read, an empty crop or an "
                     "empty list of frames).")
        fix.append("Check img is not None and img.size > 0 before writing; trace back to the read or crop that produced it.")
    else:
        what = f"cv2.{fn} got an empty image (the read before it returned None)"
        parts.append(f"cv2.{fn} received an empty image. OpenCV readers do not raise: cv2.imread returns None for a missing, "
                     "unreadable or unsupported file and cap.read() returns (False, None) at the end of a stream; that None reached "
                     f"{fn}.")
        fix.append(_CHECK_READ)
        fix.append(_VIDEO)
    if path:
        parts.append(f"OpenCV logged that it could not open '{path}' before this: that read returned None.")
        fix.insert(0, f"Fix the path '{path}': check it exists from the working directory (ls -l, os.getcwd()), or use an absolute path.")
    fix.append(_NONASCII)
    derived: dict[str, Any] = {"what": what}
    if ver:
        derived["what"] = what
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
