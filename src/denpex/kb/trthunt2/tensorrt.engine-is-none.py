"""Computed diagnosis for tensorrt.engine-is-none: which step returned None."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STEP = {
    "none-serialize": ("engine build", "builder.build_engine / build_cuda_engine returned None: the build failed",
                       "Look for the last [TRT] [E] / ERROR line before the traceback (parser errors, 'Network must have at least one output', "
                       "'Could not find any implementation', OutOfMemory). Check parser.parse() and print parser.get_error(i)."),
    "none-execution-context": ("engine build or load", "the engine object is None: deserialize_cuda_engine (or the build) failed",
                               "Look above for a deserialization error (version tag, magic tag, incompatible device, plugin not found) "
                               "or a build error; rebuild the engine with the TensorRT that runs it."),
    "deserialize-invoked-with-none": ("build_serialized_network", "build_serialized_network returned None and was passed to deserialize_cuda_engine",
                                      "The build failed: read the [TRT] [E] lines before the TypeError (often 'Could not find any implementation' "
                                      "or an assertion in buildSerializedNetwork); fix that and check 'if plan is None: raise'."),
    "cpp-app-engine-null": ("engine build", "the application's TensorRT builder call (buildCudaEngine / buildEngineWithConfig) returned a null engine",
                            "With no [TRT] error printed, the usual causes are a CUDA / cuBLAS / cuDNN version other than the one this TensorRT "
                            "release was built for (rangenet_lib and its ports: TensorRT 5.1 wants CUDA 10.0, not 10.1), or too little "
                            "workspace; rerun with the application's verbose flag to see the builder's own error."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if not isinstance(sig, str) or sig not in _STEP:
        return None
    step, what, where = _STEP[sig]
    text = f"{what[0].upper()}{what[1:]}. {where}"
    fix = ("TRT_LOGGER = trt.Logger(trt.Logger.VERBOSE)  # rerun and read the first error",
           "if engine is None: raise RuntimeError('TensorRT failed, see log above')")
    return Explanation(text=text, fix=fix, derived={"step": step})
