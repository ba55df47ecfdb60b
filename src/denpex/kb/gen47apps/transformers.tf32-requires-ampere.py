"""Computed diagnosis for transformers.tf32-requires-ampere: why the TF32 check failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (name fragment, compute capability) - order matters: longer names first.
_CC = (
    ("titan v", "7.0"), ("v100", "7.0"), ("t4", "7.5"), ("rtx 20", "7.5"), ("rtx 4000", "7.5"),
    ("rtx 5000", "7.5"), ("rtx 6000", "7.5"), ("rtx 8000", "7.5"), ("p100", "6.0"), ("p40", "6.1"),
    ("p4", "6.1"), ("gtx 1", "6.1"), ("k80", "3.7"), ("m60", "5.2"),
    ("a100", "8.0"), ("a10g", "8.6"), ("a6000", "8.6"), ("rtx 30", "8.6"), ("rtx 40", "8.9"),
    ("l4", "8.9"), ("h100", "9.0"),
)


def _cc(gpu: str) -> str | None:
    low = gpu.lower()
    for key, cc in _CC:
        if re.search(r"(?<![a-z0-9])" + re.escape(key), low):
            return cc
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gpu = facts.get("gpu")
    problem = facts.get("cuda_problem")
    derived: dict[str, Any] = {}
    if problem:
        diagnosis = "torch sees no usable CUDA device"
        text = (f"Earlier the log says '{problem}': torch.cuda.is_available() is False, so the TF32 check fails "
                "whatever the GPU is.")
        fix = ("Fix CUDA for torch first (CUDA build of torch, driver, CUDA_VISIBLE_DEVICES), or pass --tf32 False to run without it.",)
    elif gpu:
        cc = _cc(str(gpu))
        derived["on_gpu"] = f" on {gpu}"
        if cc is not None and float(cc) < 8.0:
            diagnosis = f"{gpu} is compute capability {cc}, below Ampere (8.0)"
            text = f"{gpu} (compute capability {cc}) has no TF32 tensor cores: --tf32 True cannot be honoured."
            fix = ("Pass --tf32 False (TrainingArguments(tf32=False)); on this GPU use --fp16 True rather than --bf16 True.",)
        elif cc is not None:
            diagnosis = f"{gpu} supports TF32: torch does not see it or its CUDA build is too old"
            text = (f"{gpu} (compute capability {cc}) supports TF32, so the check failed on torch's side: "
                    "no CUDA device visible to torch, or a torch built for CUDA < 11.")
            fix = ("python -c \"import torch; print(torch.cuda.is_available(), torch.version.cuda)\"  # fix whichever is wrong",)
        else:
            diagnosis = f"check {gpu}'s compute capability (TF32 needs 8.0+)"
            text = f"TF32 needs compute capability 8.0 or newer; compare with {gpu}."
            fix = ("Pass --tf32 False unless the GPU is Ampere or newer.",)
    else:
        diagnosis = "pre-Ampere GPU or no CUDA device"
        text = ("--tf32 True needs a CUDA 11+ torch that sees a GPU of compute capability 8.0+; "
                "this machine has an older GPU or torch sees none.")
        fix = ("Pass --tf32 False, or run on an Ampere-or-newer GPU visible to torch.",)
    derived["diagnosis"] = diagnosis
    derived.setdefault("on_gpu", "")
    return Explanation(text=text, fix=fix, derived=derived)
