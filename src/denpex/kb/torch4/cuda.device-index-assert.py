"""Computed diagnosis for cuda.device-index-assert: compare the requested index with the visible count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "arch-literal":
        text = "PyTorch's lazy CUDA checks failed to parse an architecture name (a PyTorch 2.3 bug with 'sm_90a' in the arch list)."
        return Explanation(text=text, fix=("Upgrade PyTorch to 2.4 or newer.",), derived={"what": "PyTorch 2.3 arch-list parsing bug at CUDA lazy init"})
    dev, n = facts.get("device"), facts.get("num_gpus")
    if isinstance(dev, int) and isinstance(n, int):
        text = (f"The process asked for GPU index {dev} but sees only {n} GPU(s) (indices 0..{n - 1}); the index comes from outside "
                "this process's CUDA_VISIBLE_DEVICES view (global rank / hard-coded cuda:N) or the visible set changed after init.")
        fix = (f"Use an index below {n}: cuda:0 in single-GPU workers, or local_rank % torch.cuda.device_count().",
               "Set CUDA_VISIBLE_DEVICES in the launcher, before Python imports torch.")
        return Explanation(text=text, fix=fix, derived={"what": f"GPU index {dev} requested, {n} visible"})
    text = ("A GPU index beyond the GPUs this process can see was used at CUDA initialization: a global index in a restricted worker, "
            "CUDA_VISIBLE_DEVICES changed after torch started, or MIG-enabled GPUs.")
    fix = ("Print CUDA_VISIBLE_DEVICES, torch.cuda.device_count() and the index used in the failing process.",
           "On MIG GPUs (nvidia-smi -L shows MIG) select an instance with CUDA_VISIBLE_DEVICES=MIG-<uuid> or disable MIG.")
    return Explanation(text=text, fix=fix, derived={"what": "GPU index beyond the visible device count"})
