"""Computed diagnosis for opencv.contrib-module-missing: contrib package missing vs API moved between versions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNINSTALL = ("pip uninstall -y opencv-python opencv-python-headless opencv-contrib-python opencv-contrib-python-headless "
              "&& pip install opencv-contrib-python")
_LEGACY = {"TrackerMOSSE_create", "TrackerBoosting_create", "TrackerTLD_create", "TrackerMedianFlow_create",
           "MultiTracker_create", "MultiTracker"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    fix: list[str] = []
    if attr in ("SIFT", "SURF", "ORB", "FastFeatureDetector", "FeatureDetector_create", "DescriptorExtractor_create"):
        kind = "moved"
        what = f"cv2.{attr} is the OpenCV 2.4 API, not present in 3.x/4.x"
        text = (f"cv2.{attr}() and the FeatureDetector_create factories are OpenCV 2.4 names. In 4.x use the *_create functions: "
                "cv2.SIFT_create() (4.4+), cv2.ORB_create(), cv2.FastFeatureDetector_create(); SURF needs contrib built with nonfree.")
        fix.append(f"Replace cv2.{attr}() with cv2.{attr if attr != 'FeatureDetector_create' else 'SIFT'}_create()" if attr in ("SIFT", "ORB") else
                   "Use the 4.x factories: cv2.SIFT_create(), cv2.ORB_create(), cv2.FastFeatureDetector_create().")
        fix.append("pip install -U opencv-python  # SIFT_create is in the main module from 4.4")
    elif attr in ("SIFT_create", "SURF_create"):
        kind = "moved"
        what = f"cv2.{attr} is not in the main module of this OpenCV version"
        text = ("cv2.SIFT_create exists in the main module only from OpenCV 4.4; older versions have it under cv2.xfeatures2d "
                "(contrib, nonfree-disabled in 3.4.3-4.3 wheels). SURF_create is only in contrib (cv2.xfeatures2d) and needs a nonfree build.")
        fix.append("pip install -U opencv-python  # 4.4+, then cv2.SIFT_create()")
    elif attr in _LEGACY or (attr.startswith("Tracker") and attr.endswith("_create")):
        kind = "moved"
        if attr in _LEGACY:
            what = f"cv2.{attr} moved to cv2.legacy in OpenCV 4.5.1"
            text = (f"OpenCV 4.5.1 moved the old tracker API (MOSSE, Boosting, TLD, MedianFlow, MultiTracker) into cv2.legacy, "
                    "which comes with opencv-contrib-python.")
            fix.append(f"Use cv2.legacy.{attr}() with opencv-contrib-python installed (and no other opencv-* wheel).")
        else:
            what = f"cv2.{attr} is missing: trackers need opencv-contrib-python (or a newer main-module tracker)"
            text = "Most trackers are in the contrib tracking module; the plain opencv-python wheel lacks them."
            fix.append(_UNINSTALL)
    elif attr.startswith("create") and "FaceRecognizer" in attr:
        kind = "moved"
        what = f"cv2.{attr} is the OpenCV 2.4 API; 3.x/4.x use cv2.face.*_create (contrib)"
        text = "The face recognizers moved to the contrib face module: cv2.face.LBPHFaceRecognizer_create() etc."
        fix.append(_UNINSTALL)
        fix.append(f"Replace cv2.{attr}() with cv2.face.{attr[len('create'):]}_create()")
    else:
        kind = "contrib"
        what = f"cv2.{attr} is an opencv_contrib module and the installed cv2 has no contrib"
        text = (f"cv2.{attr} is part of opencv_contrib, which only the opencv-contrib-python wheels include. opencv-python / "
                "-headless lack it, and when several OpenCV wheels are installed the last one written owns the cv2 folder.")
        if attr == "aruco":
            text += " Since OpenCV 4.7 aruco is in the main module (with a changed API), so upgrading also works."
        fix.append(_UNINSTALL)
        fix.append("pip list | grep -i opencv  # afterwards exactly one opencv-* package should remain")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what, "kind": kind})
