"""Computed diagnosis for gtk.mixed-gtk-versions: which GTK majors meet and how to find the library that brings the other one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ROS_HINTS = ("node", "ros", "rviz", "rqt", "vins", "slam", "openpose", "cam")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    process = facts.get("process")
    derived: dict[str, Any] = {}
    if sig == "gtk4-gtk23-symbols":
        pair = "GTK 2/3 and GTK 4"
        derived["gtk_pair"] = pair
        text = ("The program initialises GTK 4 but a GTK 3 (or 2) library is also loaded; "
                "GTK 4 aborts with SIGTRAP instead of mixing them.")
        fix = ["Electron 36+: start with --gtk-version=3 (or app.commandLine.appendSwitch('gtk-version', '3')).",
               "Otherwise find the GTK 3 library with ldd / LD_DEBUG=libs and replace or drop it."]
    elif sig == "gtk3-gtk2-symbols":
        pair = "GTK+ 2 and GTK+ 3"
        derived["gtk_pair"] = pair
        text = ("The program initialises GTK 3 while a library linked to GTK+ 2 (libgtk-x11-2.0) is mapped in the same "
                "process; gtk_init stops with g_error (SIGTRAP, 'Trace/breakpoint trap'). In vision code that library is "
                "usually an OpenCV built with GTK+ 2 highgui.")
        fix = ["Rebuild OpenCV with -D WITH_GTK=ON -D WITH_GTK_2_X=OFF (libgtk-3-dev installed) or -D WITH_QT=ON and relink,",
               "or make the process load a single OpenCV (remove the GTK 2 copy from LD_LIBRARY_PATH / CMAKE_PREFIX_PATH),",
               "or use a headless OpenCV and write images instead of imshow when no window is needed."]
    else:
        return None
    if isinstance(process, str) and process:
        derived["in_process"] = f" ({process})"
        fix.insert(0, f"Find the second GTK: ldd $(which {process}) | grep -E 'libgtk-(x11-2.0|3|4)' "
                      "(for a ROS node: ldd on the node binary in devel/lib or install/lib).")
        if any(h in process.lower() for h in _ROS_HINTS):
            derived["likely_source"] = "OpenCV highgui built with GTK+ 2 linked into a GTK 3 node"
    else:
        derived["in_process"] = ""
        fix.insert(0, "Find the second GTK: ldd <program> | grep -E 'libgtk-(x11-2.0|3|4)'; for Python: "
                      "python -c \"import cv2; print(cv2.getBuildInformation())\" | grep -i -A2 GUI")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
