"""Computed diagnosis for onnxruntime.execution-failed: read the failing node's kernel message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_RESHAPE = re.compile(r"Input shape:\{(?P<inp>[-\d,]*)\}, requested shape:\{(?P<req>[-\d,]*)\}")
_BROADCAST = re.compile(r"broadcast an axis by a dimension other than 1\. (?P<a>\d+) by (?P<b>\d+)")
_ALLOC = re.compile(r"Failed to allocate memory for requested buffer of size (?P<n>\d+)")
_GATHER = re.compile(r"idx=(?P<idx>-?\d+) must be within the inclusive range \[(?P<lo>-?\d+),(?P<hi>-?\d+)\]")
_GPU = re.compile(r"(?P<lib>CUDNN|CUBLAS|CUDA|CUFFT|CURAND) failure (?P<code>\d+): ?(?P<name>[A-Za-z_]+)")


def _dims(t: str) -> list[int]:
    return [int(x) for x in t.split(",") if x.strip()] if t else []


def _prod(d: list[int]) -> int:
    p = 1
    for x in d:
        p *= x
    return p


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = " ".join(str(facts.get(k) or "") for k in ("status_message", "status_detail"))
    op, node = facts.get("op") or "?", facts.get("node") or "?"
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if m := _RESHAPE.search(msg):
        inp, req = _dims(m.group("inp")), _dims(m.group("req"))
        n = _prod(inp)
        known = _prod([x for x in req if x > 0])
        derived["input_elements"] = n
        derived["what"] = f"cannot reshape {{{m.group('inp')}}} ({n} elements) to {{{m.group('req')}}}"
        text = f"Reshape '{node}' got a tensor of shape {{{m.group('inp')}}} ({n} elements) but its target shape {{{m.group('req')}}} "
        if 0 in inp:
            text += "cannot hold an empty tensor: an upstream node produced 0 elements (no detections / empty batch); guard the empty case before this model or post-process on the host."
            fix.append("Handle the empty case (0 boxes / 0 tokens) outside the graph, or re-export with a path that tolerates it.")
        else:
            text += f"needs a multiple of {known} elements: the target holds a size fixed at export time (batch, sequence length or image size)."
            fix.append("Re-export with dynamic_axes for the batch / sequence / spatial dims (or torch.onnx.export(..., dynamo=True)), or feed exactly the shape used at export.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if m := _BROADCAST.search(msg):
        a, b = int(m.group("a")), int(m.group("b"))
        derived["what"] = f"{op} inputs cannot broadcast: {a} vs {b} on one axis"
        text = (f"{op} '{node}' combines two tensors whose sizes on one axis are {a} and {b}; element-wise ops need equal sizes or 1. "
                "One side is usually a constant or position table sized at export time, or an input of another length.")
        fix.append(f"Feed the length the model was exported with ({a} or {b}), or re-export with that axis dynamic; check image sizes / sequence lengths against the export settings.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if m := _ALLOC.search(msg):
        n = int(m.group("n"))
        derived["requested_bytes"] = n
        derived["what"] = f"out of memory: could not allocate {fmt_bytes(n)}"
        text = f"The memory arena could not allocate {fmt_bytes(n)} for the output of {op} '{node}': the device (GPU for CUDAExecutionProvider) is full."
        fix.append("Lower the batch size / input size, free other GPU users, and set CUDA provider options {'gpu_mem_limit': <bytes>, 'arena_extend_strategy': 'kSameAsRequested'}; reuse one InferenceSession instead of creating several.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if m := _GATHER.search(msg):
        idx, hi = int(m.group("idx")), int(m.group("hi"))
        derived["what"] = f"Gather index {idx} outside [{m.group('lo')},{hi}]"
        text = f"Gather '{node}' looked up index {idx} in a table of {hi + 1} rows: a token id beyond the vocabulary or a position beyond the maximum length."
        fix.append(f"Use the tokenizer the model was exported with and truncate inputs to at most {hi + 1} positions.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if m := _GPU.search(msg):
        derived["what"] = f"{m.group('lib')} failure {m.group('code')} ({m.group('name')}) in the GPU provider"
        text = f"{op} '{node}' failed inside the CUDA provider: {m.group('lib')} returned {m.group('name')}."
        fix.append("Run the same input with providers=['CPUExecutionProvider']: if it works, install the onnxruntime-gpu build matching your CUDA / cuDNN, try cudnn_conv_algo_search='DEFAULT', or upgrade onnxruntime.")
        if "ALLOC" in m.group("name") or m.group("code") == "2":
            fix.insert(0, "It is a GPU memory failure: lower the batch size or set gpu_mem_limit.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if "bad allocation" in msg or "bad_alloc" in msg:
        derived["what"] = "host memory allocation failed (bad allocation)"
        return Explanation(text=f"{op} '{node}' could not allocate host memory.",
                           fix=("Lower the batch / input size; in C++ check tensor buffer lengths passed to CreateTensor (elements vs bytes).",), derived=derived)
    if not msg.strip() and not facts.get("node"):
        # the line was cut after 'node.' (an issue title, a wrapped log line): the kernel's reason is lost
        derived["what"] = "the status message was cut off; the kernel's reason is on the full line"
        text = (f"A {op} node failed at run time, but this copy of the line ends before Name:'...' Status Message: ..., "
                "which says why (shape mismatch, index out of range, out of memory, CUDA / cuDNN failure).")
        fix.append("Get the full line (session.run's exception text, or the [E:onnxruntime:...] log with the terminal not truncating it) and read its Status Message.")
        fix.append("Rerun the same input with providers=['CPUExecutionProvider']: if it works there, the failure is in the GPU provider (upgrade onnxruntime-gpu or match its CUDA / cuDNN).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    short = re.sub(r"^\S+\.(?:h|cc|cpp|cu):\d+ ", "", msg.strip())
    short = re.sub(r"^[\w:]+\([^)]*\)(?: const)? ", "", short)
    derived["what"] = (short[:160] or "see the status message")
    text = f"{op} '{node}' failed at run time: {short[:300] or 'no message'}."
    fix.append("Find the node in Netron, compare its input shapes with what you feed (sess.get_inputs()), and rerun on CPUExecutionProvider to see whether it is provider-specific.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
