"""Computed diagnosis for tf.tensorrt-unavailable: no TF-TRT in the binary vs a TensorRT version mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    linked = str(facts.get("linked_version") or "")
    loaded = str(facts.get("loaded_version") or "")
    if sig == "tf1-version-mismatch" and linked and loaded:
        same_major = linked.split(".")[0] == loaded.split(".")[0]
        text = (f"TensorFlow was compiled against TensorRT {linked} but loaded libnvinfer {loaded}"
                + (" (same major: may work, but engines and plugins can misbehave)." if same_major else " (different major: TF-TRT will fail)."))
        fix = (f"Install TensorRT {linked} (the version TensorFlow was built with) and put it first on LD_LIBRARY_PATH,",
               "or use a TensorFlow build/container made with the TensorRT you have.")
        return Explanation(text=text, fix=fix, derived={"problem": f"TensorRT {loaded} loaded, TensorFlow built for {linked}"})
    if sig in ("not-built-with-tensorrt", "failed-import-trt-ops"):
        text = ("This TensorFlow binary has no TF-TRT compiled in (pip wheels for Windows/macOS/CPU and recent Linux wheels), "
                "so no TensorRT installation can enable the converter.")
        fix = ("Run the conversion in an NVIDIA NGC TensorFlow container (nvcr.io/nvidia/tensorflow:<yy.mm>-tf2-py3) or JetPack TensorFlow on Jetson,",
               "or skip TF-TRT: tf2onnx then trtexec --onnx=model.onnx --saveEngine=model.plan.")
        return Explanation(text=text, fix=fix, derived={"problem": "TensorFlow built without TensorRT"})
    return None
