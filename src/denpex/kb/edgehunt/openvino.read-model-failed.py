"""Computed diagnosis for openvino.read-model-failed: no frontends loaded vs a bad model file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {"xml": "ir", "onnx": "onnx", "pdmodel": "paddle", "pb": "tf", "tflite": "tflite", "pt": "pytorch"}
_NEEDS_CONVERSION = {"pth", "pt", "h5", "keras", "ckpt", "safetensors", "bin", "engine", "trt"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    path = str(facts.get("path") or "")
    ext = str(facts.get("ext") or "").lower()
    fes = str(facts.get("frontends") or "").split()
    if not path and not ext:
        return None
    if sig == "cannot-find-reader":
        diagnosis = "reader library not found (2020-2021 runtime)"
        text = (f"The Inference Engine found no reader for .{ext}: the IR/ONNX reader libraries (inference_engine_ir_reader, "
                "inference_engine_onnx_reader) are not on the library path, or the IR was written by another OpenVINO version.")
        fix = ("Source setupvars (bin/setupvars.sh) or add the Inference Engine lib directory to PATH/LD_LIBRARY_PATH; "
               "re-convert the model with the Model Optimizer of the installed version.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if ext in _NEEDS_CONVERSION and ext != "pt":
        diagnosis = f".{ext} is not a format OpenVINO reads"
        text = f"{path} is a .{ext} file; OpenVINO reads IR (.xml/.bin), ONNX, PaddlePaddle, TensorFlow and TFLite models, not this one."
        fix = ("Convert it first: ov.save_model(ov.convert_model(<framework model object>), 'model.xml'), then read model.xml.",)
    elif "frontends" in facts and not fes:
        diagnosis = "no frontend libraries loaded"
        text = ("'Available frontends:' is empty: OpenVINO loaded no frontend library at all, so it cannot read any model. The "
                "openvino_*_frontend shared libraries are not next to the runtime (packaged exe, C++ deployment, static build).")
        fix = ("Ship the openvino_ir_frontend / openvino_onnx_frontend libraries (and plugins) beside openvino.dll / libopenvino.so "
               "(PyInstaller collect_dynamic_libs('openvino'), Nuitka openvino package data), or build with -DENABLE_OV_IR_FRONTEND=ON.",)
    elif fes and _KNOWN.get(ext) and _KNOWN[ext] not in fes:
        diagnosis = f"frontend '{_KNOWN[ext]}' not loaded"
        text = f"The loaded frontends are {', '.join(fes)}, without '{_KNOWN[ext]}' needed for .{ext}."
        fix = (f"Install/ship the openvino_{_KNOWN[ext]}_frontend library with the runtime.",)
    else:
        diagnosis = "model file missing or invalid"
        text = (f"The frontends are loaded{' (' + ', '.join(fes) + ')' if fes else ''} but none accepted {path}: the file does not exist at "
                "that path (relative to the working directory), its .bin is missing, it is not a real model (HTML error page, Git LFS "
                "pointer) or it was written by a newer OpenVINO.")
        fix = (f"Check: ls -l '{path}' and its .bin; head -c 200 '{path}' must show an <?xml ... <net header for IR.",
               "Use an absolute path, and re-download or re-export the model with the installed OpenVINO version.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
