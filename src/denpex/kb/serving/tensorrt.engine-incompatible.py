"""Computed diagnosis for tensorrt.engine-incompatible: which side is newer, and what to rebuild."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _v(s: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in s.split("."))
    except ValueError:
        return ()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rt, en = facts.get("runtime_version"), facts.get("engine_version")
    cur, tag = facts.get("current_tag"), facts.get("engine_tag")
    ecc, gcc = facts.get("expected_cc"), facts.get("engine_cc")
    fix: list[str] = []
    if rt and en:
        what = f"engine built with TensorRT {en}, runtime is {rt}"
        if _v(str(en)) == (0, 0, 0):
            text = f"The runtime (TensorRT {rt}) read version 0.0.0 from the plan header: the file is not a valid engine (truncated, written in text mode, or not a plan at all)."
            fix.append("Re-create the plan file (write and read it in binary mode) and check its size.")
        else:
            newer = "newer" if _v(str(rt)) > _v(str(en)) else "older"
            text = f"The engine was built with TensorRT {en}; this process runs TensorRT {rt} ({newer}). Before 8.6 engines load only in the exact release that built them."
            fix.append(f"Rebuild the engine with TensorRT {rt} on this GPU type (trtexec --onnx=... --saveEngine=..., or the exporter you used).")
            fix.append(f"Or run it with TensorRT {en} (pip install tensorrt=={en}.*, or the container release that ships {en}).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if isinstance(cur, int) and isinstance(tag, int):
        what = f"serialization tag {tag} in the engine, runtime expects {cur}"
        side = "an older" if tag < cur else "a newer"
        text = f"The engine's serialization tag is {tag} but this TensorRT writes/reads {cur}: the engine was built by {side} TensorRT release than the one loading it."
        fix.append("Rebuild the engine with the TensorRT installed here (same GPU type); or load it with the TensorRT release that built it.")
        fix.append("If two TensorRT copies are installed (e.g. a package bundling libnvinfer), make sure only one is loaded.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if ecc and gcc:
        what = f"engine built for compute {gcc}, GPU is compute {ecc}"
        text = f"The engine was compiled for GPUs of compute capability {gcc}, but this GPU is {ecc}: TensorRT kernels are architecture-specific."
        fix.append(f"Rebuild the engine on a compute {ecc} GPU (or build with --hardwareCompatibilityLevel=ampere+ on TensorRT >= 8.6 for Ampere-and-newer portability).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if facts.get("_signature") == "size-mismatch-assert":
        text = ("The plan header records a size larger than the buffer handed to deserializeCudaEngine: the engine was written by "
                "another TensorRT release (the TensorRT 5-7 runtime reads its layout differently), or the program passed a short "
                "buffer (file read in text mode, partial read, wrong size variable).")
        return Explanation(text=text, fix=("Rebuild the engine with the TensorRT version this program links (check with ldd / dpkg -l | grep nvinfer).",
                                           "Read the whole plan file in binary mode and pass its exact byte size."),
                           derived={"what": "serialized engine size does not match the buffer (other TensorRT release or short read)"})
    return Explanation(text="TensorRT could not deserialize the engine; the line just before names the reason (version or device mismatch).",
                       fix=("Rebuild the engine with the TensorRT and GPU that will run it.",), derived={"what": "engine deserialization failed"})
