"""Computed diagnosis for coreml.native-runtime-unavailable: which native piece is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "proxy-not-loaded": ("libcoremlpython missing (warning only)",
                         "coremltools could not import libcoremlpython: Core ML inference is unavailable here, conversion still works.",
                         ("Ignore the lines on Linux/Windows unless a later step calls predict; on macOS reinstall coremltools for this Python version.",)),
    "blobreader-not-imported": ("libmilstoragepython missing (warning only)",
                                "coremltools could not import libmilstoragepython: saving or loading ML Program weights will fail.",
                                ("Install coremltools into a Python version it ships wheels for, or convert with convert_to='neuralnetwork'.",)),
    "predict-macos-only": ("prediction on a non-macOS host",
                           "MLModel.predict ran on Linux/Windows: Core ML inference exists only on macOS.",
                           ("Skip predict off macOS (ct.convert(..., skip_model_load=True)) and verify the model on a Mac runner.",)),
    "framework-not-loaded": ("libcoremlpython not loadable on macOS",
                             "On macOS, coremltools could not load its Core ML bridge (libcoremlpython): the wheel does not match this Python, or coremltools was built from source without it.",
                             ("pip install --force-reinstall coremltools with a Python version listed for that release, and check libcoremlpython*.so is in the package.",)),
    "blobwriter-not-loaded": ("BlobWriter missing for mlprogram",
                              "Converting to an ML Program needs libmilstoragepython's BlobWriter, which this installation lacks (platform or Python version without a native wheel).",
                              ("Convert on macOS or Linux x86_64 with a supported Python, or use convert_to='neuralnetwork'.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "bridge-symbol-not-found":
        cls = facts.get("objc_class") or "a Core ML class"
        built = facts.get("built_for")
        text = (f"coremltools' Core ML bridge (libcoremlpython) references {cls}, which this macOS's CoreML.framework does not have"
                + (f": the wheel was built for Mac OS X {built}" if built else "") + ", so predictions cannot run on this macOS.")
        fix = ("Install a coremltools release whose wheel supports this macOS (the fixed 3.0/3.1+ or 4.0 final wheels), or upgrade macOS"
               + (f" to {built} or later." if built else "."),
               "Conversion itself does not need the bridge: skip predict / use skip_model_load=True on this machine.")
        return Explanation(text=text, fix=fix, derived={"what": "Core ML bridge needs a newer macOS"})
    if sig not in _WHAT:
        return None
    what, text, fix = _WHAT[sig]
    return Explanation(text=text, fix=fix, derived={"what": what})
