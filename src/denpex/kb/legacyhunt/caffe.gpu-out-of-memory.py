"""Computed diagnosis for caffe.gpu-out-of-memory: what was allocating."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_file") or "")
    if src.startswith("parallel"):
        return Explanation(
            text=("The allocation failed in parallel.cpp: Caffe's multi-GPU/solver buffers. Either every GPU in -gpu is "
                  "too full for a full copy of the parameters, or a GPU build of Caffe touched the device for a CPU-mode job."),
            fix=("Train on fewer/emptier GPUs (-gpu 0), or build with CPU_ONLY := 1 for CPU jobs.",),
            derived={"where": " (multi-GPU buffers)", "diagnosis": "parallel/solver buffers"},
        )
    if src.startswith("syncedmem"):
        return Explanation(
            text=("The allocation failed in syncedmem.cpp, while creating a blob on the first forward/backward: the net's "
                  "activations for this batch_size and input size do not fit the free GPU memory."),
            fix=("Halve batch_size in the data/input layer and double iter_size in the solver; or lower crop_size/input size.",
                 "Check nvidia-smi for other processes holding memory."),
            derived={"where": " (blob allocation)", "diagnosis": "activations too large for batch/input size"},
        )
    return Explanation(
        text="A cudaMalloc inside Caffe failed with CUDA error 2 (out of memory).",
        fix=("Lower batch_size (raise iter_size), reduce the input size, or free the GPU.",),
        derived={"where": "", "diagnosis": "GPU memory exhausted"},
    )
