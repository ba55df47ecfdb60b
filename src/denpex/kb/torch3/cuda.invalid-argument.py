"""Computed diagnosis for cuda.invalid-argument: which layer refused the call and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    derived: dict[str, Any] = {}
    if sig == "legacy-thc":
        src = facts.get("source_file") or ""
        line = facts.get("source_line")
        where = f" at {src.rsplit('/', 1)[-1]}:{line}" if src and line else ""
        derived["where"] = where
        text = ("A PyTorch <= 1.4 build (THC, CUDA 9/10) refused a CUDA call" + where + ". On a GPU newer than that build "
                "(RTX 30xx/40xx, A100) this is the usual outcome: the binary has no support for the architecture.")
        fix = ("Install a PyTorch build with CUDA 11.x or 12.x that supports this GPU (and rebuild the repository's extensions).",
               "If the failing call is cuDNN setup, torch.backends.cudnn.benchmark = False is a stop-gap on old builds.")
    elif sig == "triton":
        derived["where"] = " (Triton launcher)"
        text = ("Triton's launcher had a driver call refused - typically cuFuncSetAttribute asking for more dynamic shared memory "
                "than this GPU allows, because the kernel's block sizes / num_stages were tuned on a bigger GPU.")
        fix = ("Lower BLOCK sizes / num_stages in the kernel's autotune configs, or upgrade torch+triton (configs are filtered "
               "by the device limit in newer releases).",
               "For torch.compile: drop mode='max-autotune' on consumer GPUs.")
    elif sig in ("torch-cuda-error", "error-enum"):
        derived["where"] = ""
        text = ("A CUDA API call was refused with cudaErrorInvalidValue. The Python frame may be a later op (asynchronous "
                "errors); rerun with CUDA_LAUNCH_BLOCKING=1 to see the real call - usually a custom extension or Triton kernel "
                "outside its limits (shared memory, sequence length, block size) or a copy with a wrong size/pointer.")
        fix = ("CUDA_LAUNCH_BLOCKING=1 python <script> to locate the refused call.",
               "Custom op: keep inputs within its compiled limits (e.g. T_MAX >= sequence length), contiguous and on the current device.",
               "Triton kernel: smaller tiles / fewer stages for this GPU's shared-memory limit.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived=derived)
