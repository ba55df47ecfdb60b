"""Computed diagnosis for tensorrt.plan-magic-tag-mismatch: what kind of file was handed to TensorRT."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GEN = {
    "plan-header-magic": "TensorRT 8.6-10.x",
    "archive-magic": "TensorRT 8.0-8.5",
    "verify-header": "TensorRT 7.x",
    "empty-buffer": "TensorRT 7.x-8.0",
    "null-blob": "TensorRT 8.2-8.6",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    gen = _GEN.get(sig) if isinstance(sig, str) else None
    if gen is None:
        return None
    path = facts.get("engine_file")
    mib = facts.get("engine_mib")
    name = path.lower() if isinstance(path, str) else ""
    fix: list[str] = []
    if sig in ("empty-buffer", "null-blob"):
        kind = "an empty (0-byte)" if sig == "empty-buffer" else "a null"
        diagnosis = "the engine buffer is empty: the engine file was not found or not read"
        text = (f"deserializeCudaEngine ({gen}) was given {kind} buffer: the program read nothing from the engine path "
                "(wrong or relative path, a typo such as '--engine==x.engine', a file that was never built, or a read that "
                "failed without a check), so there is no plan to load. Whatever uses the engine next then fails "
                "(NoneType create_execution_context in Python, a segmentation fault in C++).")
        fix.append("ls -l <engine path as the program sees it>  # run from the same working directory; check the size is not 0")
        fix.append("Check the open/read result before deserializing: if not os.path.getsize(path): raise ...; in C++ test file.good() and size > 0.")
        fix.append("Build the engine first if it does not exist: trtexec --onnx=model.onnx --saveEngine=model.engine")
        return Explanation(text=text, fix=tuple(fix), derived={"trt_generation": gen, "diagnosis": diagnosis})
    if name.endswith((".onnx", ".pt", ".pth", ".wts", ".pb", ".tflite")):
        diagnosis = f"{path} is a model file, not a built engine"
        text = (f"The runtime ({gen}) was given {path}: a source model, not a serialized plan. Build the engine first.")
        fix.append(f"trtexec --onnx=<model>.onnx --saveEngine=<model>.engine  # then load the .engine, not {path}")
    elif isinstance(mib, int) and mib == 0:
        diagnosis = "the file is (almost) empty"
        text = ("TensorRT reports a 0 MiB engine: the file is empty, truncated or a Git LFS pointer. Rebuild or re-download it.")
        fix.append("ls -l <engine>; head -c 64 <engine> | xxd  # an LFS pointer starts with 'version https://git-lfs'")
    else:
        diagnosis = "the file does not start with a TensorRT plan header"
        where = f" {path}" if path else ""
        text = (f"The buffer passed to deserializeCudaEngine ({gen}){where} does not begin with TensorRT's plan magic number. "
                "Most often it is an Ultralytics .engine (4-byte length + JSON metadata before the plan), a model file "
                "instead of the engine, or a file read in text mode.")
        fix.append("head -c 64 <engine> | xxd  # '{\"description\"' after 4 bytes = Ultralytics header: strip 4+len bytes or rebuild with trtexec")
        fix.append("Read the file in binary mode: open(path, 'rb') / std::ifstream(path, std::ios::binary).")
    fix.append("Rebuild a plain plan on the target: trtexec --onnx=model.onnx --saveEngine=model.engine")
    return Explanation(text=text, fix=tuple(fix), derived={"trt_generation": gen, "diagnosis": diagnosis})
