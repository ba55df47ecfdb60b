"""Computed diagnosis for tf.oom-allocating-tensor: the failed tensor's bytes from its shape and dtype."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation

# TensorFlow DataTypeString names -> bytes per element
_DTYPE_BYTES = {
    "float": 4, "float32": 4, "double": 8, "float64": 8, "half": 2, "float16": 2, "bfloat16": 2,
    "int8": 1, "uint8": 1, "qint8": 1, "quint8": 1, "bool": 1, "int16": 2, "uint16": 2, "qint16": 2,
    "int32": 4, "uint32": 4, "qint32": 4, "int64": 8, "uint64": 8, "complex64": 8, "complex128": 16,
    "float8_e4m3fn": 1, "float8_e5m2": 1,
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    shape_txt = str(facts.get("shape") or "").replace(" ", "")
    dtype = str(facts.get("dtype") or "").lower()
    device = str(facts.get("device") or "")
    dev_mem = parse_size(facts.get("device_memory"))
    created = facts.get("created_mb")
    if dev_mem is None and isinstance(created, int):
        dev_mem = created * 1024**2
    derived: dict[str, Any] = {}
    fix: list[str] = []
    on_cpu = "CPU" in device.upper() or str(facts.get("allocator") or "").lower() in ("cpu", "mklcpu")
    if not shape_txt:
        op = facts.get("op")
        if not op:
            return None
        text = (f"The eager op {op} could not allocate its output: the device was already full. "
                "The failing op is only the last request; activations, weights and other live tensors fill the memory.")
        return Explanation(text=text, fix=(
            "Lower the batch size (or the size of the tensor fed to this op), predict in batches, and check nvidia-smi for other processes.",
            "If several TF processes share the GPU: tf.config.experimental.set_memory_growth(gpu, True) in each of them.",
        ), derived={"op": op, "what": f"eager op {op} could not allocate its output"})
    try:
        dims = [int(d) for d in shape_txt.split(",") if d != ""]
    except ValueError:
        return None
    elems = math.prod(dims) if dims else 1
    size = _DTYPE_BYTES.get(dtype)
    parts: list[str] = []
    if size:
        nbytes = elems * size
        derived["tensor_bytes"] = nbytes
        derived["tensor_size"] = fmt_bytes(nbytes)
        parts.append(f"The failed tensor [{shape_txt}] of {dtype} is {elems:,} elements x {size} bytes = {fmt_bytes(nbytes)}.")
    else:
        nbytes = None
        parts.append(f"The failed tensor [{shape_txt}] has {elems:,} elements" + (f" of {dtype}." if dtype else "."))
    where = "host RAM (CPU allocator)" if on_cpu else (device or "the device")
    if nbytes is not None and dev_mem:
        share = nbytes / dev_mem
        derived["share_of_device"] = round(share, 3)
        if share > 1:
            parts.append(f"That single tensor is larger than the {fmt_bytes(dev_mem)} TensorFlow has on this device ({share:.1f}x): no setting makes it fit without shrinking it.")
        elif share < 0.02:
            parts.append(f"It is only {share * 100:.1f}% of the {fmt_bytes(dev_mem)} TensorFlow manages here: the memory was already full of other tensors (or another process) when it was requested.")
        else:
            parts.append(f"It alone is {share * 100:.0f}% of the {fmt_bytes(dev_mem)} TensorFlow manages on this device.")
    elif nbytes is not None and nbytes < 16 * 1024**2:
        parts.append("Such a small request failing means the memory was already full (other live tensors, a leak across steps, or another process).")
    if len(dims) >= 2 and dims[0] > 1:
        b = dims[0]
        derived["leading_dim"] = b
        if len(dims) == 2 and b >= 10000:
            parts.append(f"A 2-D tensor with {b:,} rows looks like an embedding / output-vocabulary weight or its optimizer slot (Adam keeps two more of the same size), not an activation.")
            fix.append(f"Shrink the vocabulary ({b:,} rows) or the embedding width, keep the embedding on the CPU, or use an optimizer with fewer slots.")
        else:
            half = b // 2
            saved = f" (this tensor drops to {fmt_bytes(nbytes / 2)})" if nbytes else ""
            parts.append(f"Its first dimension ({b}) is usually the batch: activation memory scales with it.")
            fix.append(f"Lower the batch size from {b} to {half} or less{saved}; keep the effective batch with gradient accumulation.")
    elif dims and dims[0] == 1:
        parts.append("The batch is already 1: the input resolution / sequence length or the model itself is too large for this device.")
        fix.append("Reduce the input size (image resolution, sequence length), use mixed precision, or move to a larger GPU.")
    if not on_cpu:
        fix.append("Use mixed precision (tf.keras.mixed_precision.set_global_policy('mixed_float16')) to roughly halve activation memory.")
        fix.append("Make sure nothing else holds the GPU (nvidia-smi); when GPUs are shared, enable tf.config.experimental.set_memory_growth in every process.")
    else:
        fix.append("The CPU allocator failed: the host ran out of RAM. Feed the data in batches (tf.data) instead of one big array, or add RAM/swap.")
    parts.insert(1, f"It was requested on {where}.")
    short = device.rsplit("/", 1)[-1] if device else ("CPU" if on_cpu else "the device")
    derived["what"] = f"tensor [{shape_txt}] {dtype or ''}".rstrip() + (f" = {derived['tensor_size']}" if "tensor_size" in derived else "") + f" on {short}"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
