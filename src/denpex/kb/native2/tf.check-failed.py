"""Computed diagnosis for tf.check-failed: which TensorFlow / XLA component aborted (from the source
path), the compared values, the cuDNN status name and a zero / oversized dimension in cuDNN's
batch_descriptor, and the fix for that family."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDNN = {0: "SUCCESS", 1: "NOT_INITIALIZED", 2: "ALLOC_FAILED", 3: "BAD_PARAM", 4: "INTERNAL_ERROR",
          5: "INVALID_VALUE", 6: "ARCH_MISMATCH", 7: "MAPPING_ERROR", 8: "EXECUTION_FAILED",
          9: "NOT_SUPPORTED", 10: "LICENSE_ERROR", 11: "RUNTIME_PREREQUISITE_MISSING",
          12: "RUNTIME_IN_PROGRESS", 13: "RUNTIME_FP_OVERFLOW", 14: "VERSION_MISMATCH"}
_VALUES = re.compile(r"\((?P<a>-?[\w.]+) vs\. (?P<b>-?[\w.]+)\)")
_DESC = re.compile(r"count: (?P<count>\d+) feature_map_count: (?P<fm>\d+) spatial: (?P<sp>[\d %d]+?) +value_min")


def _component(src: str) -> str:
    s = src.replace("\\", "/")
    if "framework/tensor_shape" in s:
        return "shape"
    if "cuda_dnn" in s or "cudnn" in s:
        return "cudnn"
    if "kernels/conv_ops" in s or "conv_ops" in s:
        return "conv"
    if "xla" in s.split("/")[:3] or "/xla/" in f"/{s}" or s.startswith(("external/xla", "xla/")):
        return "xla"
    if "/kernels/" in s:
        return "kernel"
    if "stream_executor" in s or "gpu_device" in s or "cuda_driver" in s:
        return "gpu"
    if "bfc_allocator" in s:
        return "allocator"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = facts.get("source_file") or ""
    check = (facts.get("check") or "").strip()
    if not src and not check:
        return None
    base = src.replace("\\", "/").rsplit("/", 1)[-1]
    line = facts.get("source_line")
    where = f"{base}:{line}" if line else base
    comp = _component(src)
    if comp == "other" and re.search(r"\bxla::|HloInstruction|shape_tree|hlo_", check + " " + base):
        comp = "xla"
    derived: dict[str, Any] = {"component": comp}
    parts: list[str] = []
    fix: list[str] = []
    vals = _VALUES.search(check)
    if vals:
        derived["compared"] = f"{vals['a']} vs. {vals['b']}"
    if comp == "cudnn" and "CUDNN_STATUS_SUCCESS" in check and vals:
        try:
            code = int(vals["a"])
        except ValueError:
            code = -1
        name = _CUDNN.get(code, f"status {code}")
        call = re.match(r"(?:status|(?P<fn>cudnn\w+))", check)
        fn = call["fn"] if call and call["fn"] else "a cuDNN call"
        derived["cudnn_status"] = f"CUDNN_STATUS_{name}"
        derived["what"] = f"TensorFlow aborted: {fn} returned CUDNN_STATUS_{name} ({where})"
        parts.append(f"TensorFlow's cuDNN wrapper ({where}) checked that {fn} succeeded and got CUDNN_STATUS_{name} ({code}); a failed CHECK aborts the process.")
        d = _DESC.search(check)
        dims: list[int] = []
        if d:
            dims = [int(d["count"]), int(d["fm"])] + [int(x) for x in re.findall(r"\d+", d["sp"])]
            derived["descriptor"] = f"batch {d['count']}, channels {d['fm']}, spatial {' '.join(re.findall(r'[0-9]+', d['sp']))}"
        total = 1
        for x in dims:
            total *= x
        if dims and 0 in dims:
            parts.append(f"The tensor handed to cuDNN has a zero-size dimension ({derived['descriptor']}): an empty batch, or a feature map that shrank to 0 after strided convolutions / pooling because the input image is too small.")
            fix.append("Skip empty batches (dataset.filter(lambda x, y: tf.shape(x)[0] > 0)) and make every input at least as large as the network's total stride (resize or pad small images, or remove a downsampling layer).")
        elif code == 9 or (dims and total >= 2**31):
            parts.append(f"cuDNN does not support a tensor this large ({total:,} elements)." if dims else "cuDNN does not support this configuration (often a tensor with 2^31+ elements or an unusual layout / dtype).")
            fix.append("Lower the batch size (or split the input) so each tensor stays below 2^31 elements.")
        elif code == 3:
            parts.append("cuDNN rejected the descriptor's parameters (BAD_PARAM): a zero or negative dimension, too many dimensions, or strides that do not fit the shape.")
            fix.append("Print the shapes reaching the failing convolution / pooling layer (model.summary(), tf.print(tf.shape(x))) and fix the zero / invalid one.")
        elif code in (1, 2, 4, 7, 8):
            parts.append(f"CUDNN_STATUS_{name} during execution usually means the GPU ran out of memory or its state was corrupted by an earlier error (another process on the GPU, a previous failed kernel).")
            fix.append("Enable memory growth (tf.config.experimental.set_memory_growth(gpu, True)) or lower the batch size, make sure no other process holds the GPU, and look for an earlier CUDA error in the log.")
        else:
            fix.append("Check the input shapes of the failing layer and the cuDNN version TensorFlow was built for (tf.sysconfig.get_build_info()).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if comp == "conv" and "GetConvolveAlgorithms" in check:
        derived["what"] = f"TensorFlow aborted: cuDNN could not be initialised for a convolution ({where})"
        parts.append("TensorFlow asked cuDNN for convolution algorithms and got none: cuDNN could not be used. Either the cuDNN library loaded at run time is older than the one this TensorFlow was built with (look for 'Loaded runtime CuDNN library: X but source was compiled with Y' just above), or the GPU had no memory left to create the cuDNN handle.")
        fix.append("Install the cuDNN version this TensorFlow was built with (tf.sysconfig.get_build_info()['cudnn_version']; pip install tensorflow[and-cuda] on TF 2.14+), and remove older libcudnn from LD_LIBRARY_PATH.")
        fix.append("Enable memory growth (tf.config.experimental.set_memory_growth(gpu, True)) and stop other processes using the GPU.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if comp == "shape":
        derived["what"] = f"TensorFlow aborted on a tensor shape check: {check[:80]} ({where})"
        parts.append(f"An op kernel used a dimension or rank its input does not have (tensor_shape.cc check `{check}`): the op got a tensor of the wrong rank, or a negative / out-of-range dimension index that nothing validated before the C++ kernel.")
        if vals and vals["b"] == "0" and "dims()" in check:
            parts.append("The tensor has rank 0 (a scalar) where the op needs at least one dimension.")
        elif vals and vals["b"].startswith("-"):
            parts.append(f"A dimension index or size of {vals['b']} was passed (a -1 used where only real sizes are allowed).")
        fix.append("Find the op (run with PYTHONFAULTHANDLER=1 / python -X faulthandler to see the Python line) and give it inputs of the documented rank (tf.reshape / tf.expand_dims), with valid axes and sizes; tf.raw_ops do little validation.")
        fix.append("Upgrade TensorFlow: many of these CHECKs became InvalidArgumentError in later releases.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if comp == "xla":
        derived["what"] = f"XLA compiler check failed: {check[:80]} ({where})"
        parts.append(f"An XLA compiler invariant broke ({where}: `{check}`) while compiling this program (JAX jit / TF XLA). This is a compiler bug for this HLO pattern or GPU, not a problem in the input data.")
        if "/gpu/" in src or "gpu" in base:
            fix.append("Work around it: XLA_FLAGS=--xla_gpu_autotune_level=0 (autotuning), --xla_gpu_enable_triton_gemm=false, or rewrite the construct that triggers it (e.g. a Python-level conditional inside jit replaced by jnp.where).")
        else:
            fix.append("Work around it by simplifying the jitted function (split it, remove the construct named in the backtrace) or disabling the failing pass with XLA_FLAGS=--xla_disable_hlo_passes=<pass>.")
        fix.append("Upgrade jax and jaxlib together (pip install -U 'jax[cuda12]') or TensorFlow; report with XLA_FLAGS=--xla_dump_to=/tmp/xla_dump output to https://github.com/openxla/xla/issues.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    kind = {"kernel": "an op kernel", "gpu": "the GPU / stream executor layer", "allocator": "the memory allocator"}.get(comp, "the C++ runtime")
    derived["what"] = f"TensorFlow aborted on a failed check in {kind}: {check[:80]} ({where})"
    parts.append(f"A CHECK in {kind} ({where}) failed: `{check}`. CHECK failures abort the process instead of raising a Python exception.")
    if comp == "kernel":
        op = re.sub(r"_op(?:s)?(?:_\w+)?\.cc", "", base)
        parts.append(f"The kernel is {op}: one of its inputs (shape, dtype, value range) violates what the kernel assumes.")
        fix.append(f"Check the inputs of the {op} op (shapes, index ranges, empty tensors); run eagerly with python -X faulthandler to find the Python line.")
    elif comp == "gpu":
        fix.append("Check the GPU state: nvidia-smi, other processes, earlier CUDA errors in the log; enable memory growth and retry.")
    fix.append("Upgrade TensorFlow (many CHECKs became Python errors later) and report a minimal reproduction if it persists.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
