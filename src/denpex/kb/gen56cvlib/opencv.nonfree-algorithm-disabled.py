"""Computed diagnosis for opencv.nonfree-algorithm-disabled: which patented algorithm and the version-specific fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAMES = {"sift": "SIFT", "surf": "SURF", "kinfu": "KinFu", "large_kinfu": "LargeKinfu", "dynafu": "DynaFu"}
_BUILD = ("CMAKE_ARGS=\"-DOPENCV_ENABLE_NONFREE=ON\" ENABLE_CONTRIB=1 pip install --no-binary opencv-contrib-python "
          "opencv-contrib-python  # builds OpenCV with nonfree (long compile)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_file") or "").lower()
    fn = str(facts.get("function") or "")
    algo = _NAMES.get(src)
    if not algo:
        low = fn.lower()
        algo = next((v for k, v in _NAMES.items() if f"{k}::" in low), None)
    fix: list[str] = []
    if algo == "SIFT":
        what = "SIFT is disabled in this OpenCV build (nonfree off); OpenCV 4.4+ has it in the main module"
        text = ("cv2.xfeatures2d.SIFT_create is the nonfree contrib version, compiled as a stub in pip wheels from 3.4.3 on. SIFT's "
                "patent expired in 2020 and OpenCV 4.4+ ships it as cv2.SIFT_create() in every wheel.")
        fix.append("pip install -U opencv-python  # 4.4 or newer")
        fix.append("Replace cv2.xfeatures2d.SIFT_create(...) with cv2.SIFT_create(...)")
    elif algo:
        what = f"{algo} is a nonfree algorithm and this OpenCV was built without OPENCV_ENABLE_NONFREE"
        text = (f"{algo} is compiled only with OPENCV_ENABLE_NONFREE; pip wheels never enable it (3.4.3+), so the constructor "
                "raises (-213).")
        fix.append(_BUILD)
        if algo == "SURF":
            fix.append("Or use a free detector instead: cv2.SIFT_create() (4.4+), cv2.ORB_create(), cv2.AKAZE_create().")
    else:
        what = "a patented OpenCV algorithm is disabled in this build (OPENCV_ENABLE_NONFREE off)"
        text = "The called algorithm is nonfree and this OpenCV build compiled it as a stub that raises (-213)."
        fix.append("For SIFT: opencv-python 4.4+ and cv2.SIFT_create(). For SURF and others: " + _BUILD)
    return Explanation(text=text, fix=tuple(fix), derived={"what": what, "algorithm": algo or "unknown"})
