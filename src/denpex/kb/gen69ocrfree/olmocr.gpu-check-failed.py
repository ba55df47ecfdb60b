"""Computed diagnosis for olmocr.gpu-check-failed: no usable GPU vs a GPU that is too small."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    min_gb = facts.get("min_gb")
    need = f"{min_gb} GB" if min_gb else "the minimum"
    cause = str(facts.get("cause") or "")
    fix: list[str] = []
    if cause == "AssertionError":
        diagnosis = f"GPU 0 has less than {need} of memory"
        text = (f"torch found a CUDA GPU, but device 0 has less total memory than the {need} this olmOCR release "
                "requires, so the pre-flight assertion failed.")
        fix.append("Expose a larger GPU as device 0 (CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=<index>) or upgrade olmocr (newer releases need 15 GB).")
    elif cause:
        diagnosis = f"no CUDA GPU usable by torch ({cause})"
        text = (f"torch could not reach any CUDA device ('{cause}'), so olmOCR's check for a GPU with {need} failed "
                "before the pipeline started: a CPU-only torch, a missing driver, or a container without GPUs.")
        fix.append("Install a CUDA build of torch on a machine with an NVIDIA driver (docker run --gpus all), or use a remote server with --server.")
    else:
        diagnosis = f"no GPU with {need} found"
        text = (f"olmOCR's pre-flight check could not find a GPU 0 with {need}; the exception just below the message "
                "says whether no CUDA device was visible or the GPU was too small.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
