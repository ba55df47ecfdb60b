"""Computed diagnosis for xgboost.gpu-cuda-error: read the CUDA error string XGBoost reported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CASES = (
    ("initialization error", "CUDA used after fork or driver unusable",
     "CUDA could not be initialised in this process: typically a worker forked from a parent that already used the GPU "
     "(multiprocessing/joblib/Spark Python workers), or a driver/runtime problem.",
     ("Start GPU workers with the 'spawn' start method and keep the parent process off the GPU.",
      "Check nvidia-smi works in the same container/user.")),
    ("invalid argument", "invalid device or launch configuration",
     "The GPU rejected a launch or device setting: an old multi-GPU setting (n_gpus, mixed GPU models) or a gpu_id that "
     "does not exist.",
     ("Train on one device: gpu_id=0 / device='cuda:0', drop n_gpus, limit CUDA_VISIBLE_DEVICES to identical GPUs.",
      "Upgrade XGBoost (multi-GPU moved to Dask in 1.0).")),
    ("no kernel image", "build lacks kernels for this GPU",
     "This XGBoost build has no code for the GPU's compute capability (e.g. Kepler K80 with XGBoost 1.6+).",
     ("Install an older XGBoost release that still ships kernels for this GPU, or build from source with its CUDA arch.",
      "Or train on CPU: tree_method='hist'.")),
    ("out of memory", "GPU memory exhausted",
     "The GPU ran out of memory during XGBoost's allocation.",
     ("Lower max_bin, use fewer features/rows per worker, or a GPU with more memory; free other GPU users.",)),
    ("illegal memory access", "kernel fault in XGBoost",
     "A GPU kernel accessed invalid memory: usually a bug in that XGBoost version for the given data/parameters.",
     ("Upgrade XGBoost; if it persists, report it with a reproducer and use tree_method='hist' meanwhile.",)),
    ("driver version is insufficient", "NVIDIA driver older than the CUDA runtime",
     "The installed NVIDIA driver is older than the CUDA runtime XGBoost was built with.",
     ("Update the NVIDIA driver, or install an XGBoost built for the older CUDA.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("cuda_error") or "")
    if not err:
        return None
    where = f"{facts.get('source_file', '?')}:{facts.get('source_line', '?')}"
    low = err.lower()
    for key, diagnosis, text, fix in _CASES:
        if key in low:
            return Explanation(text=f"{text} [{where}: {err.strip()}]", fix=fix, derived={"diagnosis": diagnosis})
    return Explanation(
        text=f"A CUDA call in XGBoost ({where}) failed with '{err.strip()}'.",
        fix=("Check the GPU with nvidia-smi and re-run with tree_method='hist' (CPU) to confirm it is GPU-side.",
             "Upgrade XGBoost and the NVIDIA driver."),
        derived={"diagnosis": "CUDA runtime error"},
    )
