"""Computed diagnosis for cuda.no-device: which device was asked for and how many exist."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {10: "cudaErrorInvalidDevice (CUDA < 10)", 101: "cudaErrorInvalidDevice", 38: "cudaErrorNoDevice (CUDA < 10)", 100: "cudaErrorNoDevice"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    requested = facts.get("requested_device")
    ordinal = facts.get("requested_ordinal")
    count = facts.get("device_count")
    code = facts.get("cuda_error_code")
    derived: dict[str, Any] = {}
    if facts.get("_signature") == "mxnet-cpu-only-build":
        return Explanation(
            text=("The installed MXNet package is a CPU-only build (pip's plain 'mxnet'), and the code asked for mx.gpu(): "
                  "the GPU and driver may be fine, the library cannot use them."),
            fix=("Install the CUDA build matching the driver's CUDA: pip uninstall mxnet && pip install mxnet-cu112 "
                 "(or mxnet-cu102 / mxnet-cu110 ...; check nvidia-smi), or run on mx.cpu().",),
            derived={"cause": "CPU-only MXNet build"},
        )
    if requested is None and isinstance(ordinal, int):
        requested = f"cuda:{ordinal}"
        derived["requested_device"] = requested
    if isinstance(code, int) and code in _CODES:
        derived["cuda_error_name"] = _CODES[code]
    if requested is None and count is None:
        return None
    idx = None
    if requested is not None:
        m = re.search(r"(\d+)", str(requested))
        idx = int(m.group(1)) if m else None
    fix: list[str] = []
    if isinstance(count, int):
        if count == 0:
            text = f"The checkpoint/code asks for {requested or 'a CUDA device'} but this process sees no GPU at all."
        else:
            text = (
                f"The code asks for {requested or 'a CUDA device'} but only {count} GPU(s) are visible "
                f"(valid: cuda:0 .. cuda:{count - 1})."
            )
        fix.append("torch.load(path, map_location='cpu') (or map_location='cuda:0'), then move the model with .to(device).")
    else:
        text = (
            f"The code asks for {requested}; that ordinal must be smaller than torch.cuda.device_count() in this process"
            " (CUDA_VISIBLE_DEVICES renumbers the visible GPUs from 0)."
        )
    if idx is not None and idx > 0:
        fix.append(f"Use a visible index: cuda:0 when one GPU is visible, or cuda:{{LOCAL_RANK}} under torchrun, instead of {requested}.")
        fix.append(f"If you really need physical GPU {idx}, expose it: CUDA_VISIBLE_DEVICES={idx} and then address it as cuda:0.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
