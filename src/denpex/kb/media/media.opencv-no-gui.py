"""Computed diagnosis for media.opencv-no-gui: the Python call behind the C entry point and the fix for this build."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CALLS = {
    "cvShowImage": "cv2.imshow", "cvNamedWindow": "cv2.namedWindow", "cvWaitKey": "cv2.waitKey",
    "cvDestroyAllWindows": "cv2.destroyAllWindows", "cvDestroyWindow": "cv2.destroyWindow",
    "cvResizeWindow": "cv2.resizeWindow", "cvMoveWindow": "cv2.moveWindow", "cvSetMouseCallback": "cv2.setMouseCallback",
    "cvCreateTrackbar": "cv2.createTrackbar", "cvGetWindowProperty": "cv2.getWindowProperty",
    "cvSetWindowProperty": "cv2.setWindowProperty", "cvStartWindowThread": "cv2.startWindowThread",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("function") or "")
    ver = str(facts.get("cv_version") or "")
    call = _CALLS.get(fn, f"a cv2 window function ({fn})" if fn else "a cv2 window function")
    what = f"{call} needs a GUI build of OpenCV; this one has none" + (f" (OpenCV {ver})" if ver else "")
    parts = [f"{call} opens a window through OpenCV's highgui backend, and the installed cv2 was built without one."]
    if ver and ("-dev" in ver or ver.count(".") > 2):
        parts.append(f"The version string {ver} suggests a source/custom build: rebuild with GTK or Qt, or switch to a pip wheel.")
    else:
        parts.append("With pip wheels this means the cv2 in use comes from opencv-python-headless or opencv-contrib-python-headless "
                     "(often pulled in by another package and installed over the GUI wheel).")
    if fn in ("cvWaitKey", "cvDestroyAllWindows", "cvDestroyWindow"):
        parts.append(f"{call} only makes sense after windows were opened: remove it together with the imshow calls in headless runs.")
    fix = [
        f"On a server, container, notebook or CI: remove {call} (and other window calls); save with cv2.imwrite('debug.png', img) "
        "or show with matplotlib / IPython.display (Colab: from google.colab.patches import cv2_imshow).",
        "On a desktop with a display: pip uninstall -y opencv-python opencv-python-headless opencv-contrib-python "
        "opencv-contrib-python-headless && pip install opencv-python (exactly one OpenCV wheel).",
        "Source build: install libgtk2.0-dev (or libgtk-3-dev) and pkg-config, re-run cmake -DWITH_GTK=ON and rebuild.",
    ]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
