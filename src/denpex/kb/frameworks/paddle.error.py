"""Computed diagnosis for paddle.error: read the bracketed type, the hint and the CUDA code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA = {
    2: ("out of memory", "reduce the batch size / input size or free the GPU (nvidia-smi)"),
    35: ("the NVIDIA driver is older than the CUDA runtime of this paddle build", "upgrade the driver or install the paddlepaddle-gpu build for an older CUDA"),
    100: ("no CUDA-capable device is detected", "check CUDA_VISIBLE_DEVICES, the container's GPU runtime and nvidia-smi"),
    209: ("no kernel image for this GPU architecture", "install a paddlepaddle-gpu build compiled for your GPU's compute capability (newer GPUs need a newer CUDA build; very old GPUs need an older paddle)"),
    700: ("an illegal memory access in a kernel", "usually out-of-range indices/labels in the op's inputs; rerun on CPU to get a clear InvalidArgument"),
    719: ("a launch failure (kernel crashed)", "rerun on CPU to find the bad input; check for driver/hardware problems if it is random"),
    999: ("an unknown CUDA error", "restart the process/machine; check nvidia-smi and dmesg for Xid errors"),
}
_UNITS = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4, "PB": 1024**5}


def _bytes(t: str | None) -> float | None:
    m = re.match(r"\s*([0-9.]+)\s*([kKMGTP]?B)", t or "")
    return float(m.group(1)) * _UNITS[m.group(2).upper()] if m else None


def _fmt(n: float) -> str:
    for u in ("TB", "GB", "MB", "KB"):
        if n >= _UNITS[u]:
            return f"{n / _UNITS[u]:.2f} {u[0]}iB"
    return f"{n:.0f} B"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    et = str(facts.get("error_type") or "")
    detail = str(facts.get("detail") or "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("requested"):
        req, alloc, avail = _bytes(facts["requested"]), _bytes(facts.get("allocated")), _bytes(facts.get("available"))
        derived["error_type"] = "ResourceExhausted"
        gpu = facts.get("gpu")
        parts.append(f"GPU {gpu} could not give {facts['requested']}: Paddle already holds {facts.get('allocated')} and only {facts.get('available')} is free.")
        if req and alloc is not None and avail is not None:
            short = req - avail
            derived["short_by"] = _fmt(max(short, 0))
            if alloc < 64 * 1024**2:
                parts.append("Paddle itself holds almost nothing: another process (or a stale notebook kernel) occupies the GPU.")
                fix.append(f"nvidia-smi to find the process holding GPU {gpu}; stop it or run on another GPU (CUDA_VISIBLE_DEVICES).")
            else:
                parts.append(f"It is short by about {_fmt(max(short, 0))}; the memory is held by this model's tensors (activations grow with the batch).")
                fix.append("Reduce the batch size (e.g. halve it) or the input resolution; use AMP (paddle.amp.auto_cast) to roughly halve activation memory.")
            if req > 4 * 1024**3:
                fix.append(f"A single {facts['requested']} request is a very large tensor: check for an unexpectedly large input (huge image, long sequence) or an accidental broadcast.")
        derived["what"] = f"out of memory on GPU {gpu}: needed {facts['requested']}, {facts.get('available')} free"
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    lib = re.search(r"third-party dynamic library \(([^)]+)\)", detail)
    code = re.search(r"CUDA error\((\d+)\)", detail)
    hint = re.search(r"but received ([^:]+):(-?[\w.\[\], ]+?) != ([^:]+):(-?[\w.\[\], ]+?)\.?\]?$", detail)
    if lib:
        name = lib.group(1)
        derived["library"] = name
        derived["what"] = f"{name} could not be loaded"
        parts.append(f"Paddle could not load {name} at run time: it is not installed, is another version than this paddlepaddle-gpu build expects, or its folder is not on the library path.")
        fix.append(f"Install the library {name} names (its version is in the file name) for the CUDA version of this build: python -c 'import paddle; print(paddle.version.cuda(), paddle.version.cudnn())', or install the paddlepaddle-gpu build for the CUDA/cuDNN you have.")
        fix.append("Linux: export LD_LIBRARY_PATH=<cuda>/lib64:<cudnn>/lib:$LD_LIBRARY_PATH; Windows: add the CUDA bin and cuDNN bin folders to PATH (error code 126 = DLL not found), then paddle.utils.run_check().")
    elif code:
        c = int(code.group(1))
        meaning, todo = _CUDA.get(c, ("a CUDA runtime error", "see the hint line for the cudaError name"))
        derived["cuda_error"] = c
        derived["what"] = f"CUDA error {c}: {meaning}"
        parts.append(f"A CUDA call inside Paddle failed with error {c} ({meaning}).")
        fix.append(todo[0].upper() + todo[1:] + ".")
    elif hint:
        a_name, a_val, b_name, b_val = (g.strip() for g in hint.groups())
        derived["what"] = f"{a_name} = {a_val} but {b_name} = {b_val}"
        parts.append(f"The operator's check {a_name} == {b_name} failed: {a_val} vs {b_val}.")
        shapes = re.findall(r"shape = (\[[^\]]*\])", detail)
        if len(shapes) >= 2:
            parts.append(f"Shapes involved: {' and '.join(shapes[:2])}.")
        try:
            x, y = int(a_val), int(b_val)
            if abs(x - y) == 1 and max(x, y) > 8:
                parts.append(f"A difference of one ({x} vs {y}) in a concat/add of feature maps means an input size that is not divisible by the network's total stride (odd sizes after down- and up-sampling).")
                fix.append("Resize or pad the input so height and width are multiples of 32 (or the model's stride).")
        except ValueError:
            pass
        if not fix:
            fix.append("Make the op's inputs satisfy the check (the two values above): fix shapes/dtypes of the tensors passed to this layer or the layer configuration.")
    elif len(re.findall(r"shape = (\[[^\]]*\])", detail)) >= 2:
        s1, s2 = re.findall(r"shape = (\[[^\]]*\])", detail)[:2]
        try:
            d1 = [int(x) for x in s1.strip("[]").split(",") if x.strip()]
            d2 = [int(x) for x in s2.strip("[]").split(",") if x.strip()]
        except ValueError:
            d1, d2 = [], []
        diff = [i for i, (x, y) in enumerate(zip(d1, d2)) if x != y]
        derived["what"] = f"shapes {s1} and {s2} differ" + (f" on axis {', '.join(map(str, diff))}" if diff else "")
        parts.append(f"The op received tensors of shapes {s1} and {s2}" + (f", which differ on axis {', '.join(str(i) for i in diff)} ({', '.join(f'{d1[i]} vs {d2[i]}' for i in diff)})." if diff else ".") if d1 else f"The op received shapes {s1} and {s2}.")
        if diff and all(abs(d1[i] - d2[i]) == 1 for i in diff) and len(d1) == 4 and set(diff) <= {2, 3}:
            parts.append("A difference of one in height/width when feature maps are concatenated or added means the input size is not divisible by the network's total stride.")
            fix.append("Resize or pad inputs so height and width are multiples of 32 (or the model's stride), e.g. PaddleDetection/PaddleOCR preprocessing with a size divisible by 32.")
        else:
            fix.append("Make both tensors agree on the differing axes (check the preprocessing and the layer configuration that produced them).")
    else:
        derived["what"] = detail[:120] if detail else (et or "enforce failed")
        parts.append(f"Paddle raised ({et or '?'}): {detail.strip()[:240]}")
        guide = {
            "InvalidArgument": "the tensors/arguments passed to the op do not satisfy its checks (shape, dtype, value range)",
            "NotFound": "a file, variable or op was not found (check paths and model files)",
            "Unimplemented": "this op/dtype/device combination is not implemented (try float32, another device or a newer paddle)",
            "OutOfRange": "an index or label is outside the valid range",
            "PreconditionNotMet": "the environment or program state is not ready (libraries, initialisation order)",
            "Fatal": "a wrapped exception; the inner error printed after it is the cause",
        }.get(et)
        if guide:
            parts.append(f"{et} means {guide}.")
        fix.append("Read the [Hint: Expected ... but received ...] line and the (at paddle/...) location for the exact check that failed.")
    if not parts:
        return None
    derived.setdefault("error_type", et or "?")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
