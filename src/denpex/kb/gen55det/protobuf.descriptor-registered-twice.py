"""Computed diagnosis for protobuf.descriptor-registered-twice: what the duplicated file name says about
which two copies collided (protobuf runtimes, Caffe+OpenCV, a project's own messages) and where the copy lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    proto = str(facts.get("proto") or "")
    copy = str(facts.get("copy") or "")
    if not proto and not copy:
        return None
    derived: dict[str, Any] = {}
    fix: list[str] = []
    base = proto.rsplit("/", 1)[-1]
    if base == "descriptor.proto":
        derived["collision"] = "two-protobuf-runtimes"
        text = "google/protobuf/descriptor.proto is part of libprotobuf itself: two protobuf runtimes were loaded into this process."
        fix.append("Find the two native modules carrying protobuf (ldd / nm on the extensions imported just before the abort) and keep one: a rebuilt library linked to the shared libprotobuf, or do not import both in one process.")
    elif base == "caffe.proto":
        derived["collision"] = "caffe-and-opencv"
        text = "caffe.proto is compiled into both Caffe and this OpenCV build (its dnn importer), and both were loaded."
        fix.append("Import only one of cv2 / caffe in the process, or rebuild one of them without its own caffe.proto / against the same shared protobuf.")
    elif proto:
        derived["collision"] = "project-messages-linked-twice"
        text = f"The generated code for {proto} is linked into two libraries loaded together (plugin and host, or two targets)."
        fix.append(f"Build the generated {base} code into one shared library and link every plugin to it; link protobuf dynamically.")
    else:
        derived["collision"] = "unknown"
        text = "The same generated protobuf file was registered twice by two libraries in this process."
    if "3rdparty/protobuf" in copy:
        derived["copy"] = "opencv-bundled"
        text += " The ERROR line comes from a bundled 3rdparty/protobuf copy, as built into OpenCV (cv2)."
        fix.append("Check which OpenCV is imported (python -c 'import cv2; print(cv2.__file__, cv2.__version__)'); replace an old/self-built cv2 with a current opencv-python(-headless) wheel, or build OpenCV with -DBUILD_PROTOBUF=OFF against the system protobuf.")
    elif "ascend_private" in copy:
        derived["copy"] = "ascend-private"
        text += " The ERROR line comes from Ascend's private protobuf copy."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
