"""Computed diagnosis for ultralytics.export-failure: what the converter error behind the failure line means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIP = {"tensorrt": "tensorrt", "onnx": "onnx", "onnxsim": "onnxsim", "onnxslim": "onnxslim",
        "coremltools": "coremltools", "onnx2tf": "onnx2tf", "openvino": "openvino", "tensorflow": "tensorflow",
        "tensorflowjs": "tensorflowjs", "ncnn": "ncnn", "pnnx": "pnnx", "paddle": "paddlepaddle", "x2paddle": "x2paddle",
        "MNN": "MNN", "tflite_support": "tflite-support", "sng4onnx": "sng4onnx", "onnx_graphsurgeon": "onnx_graphsurgeon"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fmt = facts.get("export_format")
    err = facts.get("error")
    if not isinstance(fmt, str) or not isinstance(err, str):
        return None
    err = err.strip()
    low = err.lower()
    fix: list[str] = []
    mod = re.search(r"No module named '([\w.]+)'", err)
    if "must be on gpu" in low or "requires gpu" in low:
        cause = "trt-on-cpu"
        text = f"{fmt} export needs a CUDA device but ran on the CPU."
        fix.append("Rerun with a GPU: yolo export model=best.pt format=engine device=0 (YOLOv5: --include engine --device 0).")
    elif mod:
        top = mod.group(1).split(".")[0]
        pkg = _PIP.get(top, top)
        if mod.group(1) != top:
            cause = "converter-broken"
            text = (f"{fmt} export: the converter package '{top}' is installed but its compiled part "
                    f"'{mod.group(1)}' is missing - a wheel for another platform/Python or an unsupported OS.")
            fix.append(f"Reinstall it for this platform: pip install --force-reinstall {pkg} (coremltools runs on macOS/Linux x86-64 wheels only).")
        else:
            cause = "converter-missing"
            text = f"{fmt} export: the converter package '{top}' is not installed in this environment."
            fix.append(f"pip install {pkg} in the environment that runs the export, then rerun.")
    elif "dll load failed" in low:
        cause = "converter-dll"
        text = (f"{fmt} export: a converter's native library failed to load on Windows ({err[:120]}): usually an onnx "
                "wheel built against a newer MSVC runtime, or a version torch's exporter does not support.")
        fix.append("Install the latest Microsoft Visual C++ Redistributable, or pin a known-good onnx (e.g. pip install onnx==1.16.1), then rerun.")
    elif "opset" in low:
        cause = "opset"
        text = f"{fmt} export: the requested ONNX opset is not supported by the installed torch/onnx ({err[:120]})."
        fix.append("Pass a lower opset (opset=12) or upgrade torch.")
    elif "same device" in low or "current device" in low:
        cause = "device-mix"
        text = f"{fmt} export: tracing found tensors on two devices ({err[:120]})."
        fix.append("Export on the CPU (device=cpu) or move every custom buffer/input to the model's device before exporting.")
    elif re.search(r"names found for nc=", err):
        cause = "names-mismatch"
        text = f"{fmt} export: the model's class names do not match its number of classes ({err[:80]})."
        fix.append("Re-export from a checkpoint trained with a data.yaml whose names list has nc entries, or fix model.names.")
    elif "mlpackage" in low:
        cause = "coreml-format"
        text = f"{fmt} export: coremltools produced an ML Program, which must be saved as .mlpackage."
        fix.append("Use the exporter of a newer YOLO release, or pin coremltools<6 for .mlmodel output.")
    else:
        cause = "converter-error"
        text = f"{fmt} export failed inside the converter: {err[:200]}"
        fix.append(f"Rerun only format={fmt.lower()} with default options and fix the converter error shown; the other formats are unaffected.")
    return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": cause})
