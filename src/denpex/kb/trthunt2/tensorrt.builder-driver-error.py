"""Computed diagnosis for tensorrt.builder-driver-error: which builder API failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_API = {
    "build_cuda_engine": ("TensorRT <= 7 implicit builder API (removed in TensorRT 8)",
                          "This script uses build_cuda_engine, so the TensorRT here is 7.x or older: the release line where "
                          "this error is reported. Moving to TensorRT 8+ means porting to build_serialized_network."),
    "build_engine": ("TensorRT 7-8 builder-config API (removed in TensorRT 10)",
                     "build_engine(network, config) failed while compiling fused point-wise kernels."),
    "build_serialized_network": ("TensorRT 8+ builder API",
                                 "build_serialized_network failed while compiling fused point-wise kernels."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    call = facts.get("build_call")
    if sig == "pwgen-exception":
        text = ("The TensorRT builder's point-wise code generator (pwgen) threw 'Driver error' and nothing caught it, "
                "so the process terminated. The generated kernels could not be compiled/loaded: check that the driver "
                "supports the CUDA version of this TensorRT build and that only one libnvrtc is on the library path.")
        return Explanation(text=text, fix=("nvidia-smi  # CUDA Version must be >= the TensorRT package's CUDA",),
                           derived={"api": "C++ builder / trtexec", "build_call": "buildEngineWithConfig"})
    if not isinstance(call, str) or call not in _API:
        return None
    api, text = _API[call]
    fix = ["Install a driver that supports the CUDA version of this TensorRT package, keep one libnvrtc on the path, then rerun "
           f"builder.{call}(...)."]
    if call == "build_cuda_engine":
        fix.append("Or upgrade to TensorRT 8.x+ (builder.build_serialized_network(network, config)) inside a matching NGC container.")
    return Explanation(text=text, fix=tuple(fix), derived={"api": api})
