"""Computed diagnosis for catboost.gpu-error: which part of the GPU learner failed, by how much, and the knob to turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# CUDA runtime codes as CatBoost prints them ('CUDA error N: ...')
_CUDA = {
    2: ("the GPU ran out of memory outside CatBoost's pool", "free the GPU (another process or a parallel trial holds it) and lower gpu_ram_part / border_count / depth"),
    9: ("a CatBoost kernel was launched with an invalid configuration (a known GPU bug, e.g. classification on 1.1.1, catboost #2003)", "pip install -U catboost; if it persists train this configuration with task_type='CPU'"),
    35: ("the NVIDIA driver is older than the CUDA runtime this catboost release was built with", "update the NVIDIA driver (nvidia-smi shows the highest CUDA it supports), or install an older catboost built for that CUDA"),
    100: ("no GPU is visible to the process", "expose the GPU: docker --gpus all / the pod's nvidia.com/gpu limit, CUDA_VISIBLE_DEVICES, devices='0'; check nvidia-smi in the same environment"),
    209: ("this catboost build has no kernels for the GPU's architecture", "use a catboost release built for your GPU generation (newer GPUs need a newer release)"),
    700: ("a CatBoost GPU kernel read or wrote out of bounds (known for MAE / Quantile losses, catboost #1983)", "pip install -U catboost; change the loss or train it with task_type='CPU'; the process must be restarted after this error"),
    719: ("a CatBoost GPU kernel crashed", "upgrade catboost; check dmesg for Xid errors if it is random"),
    999: ("an unknown CUDA error (seen with text features on GPU in 1.2.5, catboost #2657)", "upgrade catboost and restart the process; check nvidia-smi / dmesg"),
}

_AREAS = (
    ("cuda_lib/memory_pool", "the GPU memory pool"),
    ("cuda_lib/cuda_base", "a CUDA runtime call"),
    ("cuda_lib/cuda_manager", "the GPU session manager"),
    ("cuda_lib", "the CUDA support library"),
    ("cuda_util", "a CUDA kernel"),
    ("gpu_data", "building the GPU dataset (quantized feature index)"),
    ("methods", "the GPU tree search"),
    ("targets", "the GPU loss function"),
    ("ctrs", "categorical feature statistics (ctrs) on GPU"),
    ("data", "GPU feature binarization"),
    ("libs/model/cuda", "GPU model evaluation (predict with task_type='GPU')"),
)


def _area(src: str) -> str | None:
    for key, name in _AREAS:
        if key in src:
            return name
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    src = str(facts.get("source_file") or "")
    area = _area(src)
    if area:
        derived["failed_in"] = area
    req, free = facts.get("requested_mb"), facts.get("free_mb")
    code = facts.get("cuda_error_code")
    detail = str(facts.get("detail") or "")
    if isinstance(req, float) and isinstance(free, float):
        short = req - free
        derived["shortfall_mb"] = round(short, 1)
        ratio = req / free if free > 0 else None
        if ratio:
            derived["requested_over_free"] = round(ratio, 2)
        what = "not enough GPU memory for tree-ctrs (categorical feature combinations)" if "tree-ctrs" in detail else "GPU out of memory"
        derived["what"] = f"{what}: needs {req:.0f} MB, {free:.0f} MB free in CatBoost's GPU pool (short by {short:.0f} MB)"
        parts.append(f"CatBoost's GPU memory pool had {free:.0f} MB left and the next buffer needs {req:.0f} MB ({short:.0f} MB short).")
        if "tree-ctrs" in detail:
            fix.append("Categorical feature combinations do not fit: max_ctr_complexity=1, gpu_cat_features_storage='CpuPinnedMemory', fewer / lower-cardinality cat_features, or one_hot_max_size for small ones.")
        if ratio and ratio < 1.5:
            parts.append("The gap is small: freeing other GPU users or a modest reduction of the model is enough.")
            fix.append("Free the GPU first: stop other processes on it (nvidia-smi), run hyper-parameter trials one at a time, and del / gc.collect() earlier models in notebooks.")
            fix.append("Then lower one knob: border_count=128 -> 64 (or 32), or depth by 1-2, or max_ctr_complexity=1.")
        else:
            parts.append("The model needs much more than the GPU has: reduce what the GPU learner stores, not just other users of the GPU.")
            fix.append("Shrink the GPU footprint: border_count=32..64, depth <= 8, max_ctr_complexity=1, gpu_cat_features_storage='CpuPinnedMemory', boosting_type='Plain'.")
            fix.append("Or split across GPUs (devices='0:1') / train on a sample, or use task_type='CPU' (uses host RAM).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if isinstance(code, int):
        meaning, todo = _CUDA.get(code, (str(facts.get("cuda_error_text") or "a CUDA failure"), "upgrade catboost and retry; if it persists, train this configuration with task_type='CPU' and report it"))
        derived["what"] = f"CUDA error {code} ({facts.get('cuda_error_text') or meaning}) in {src or 'catboost/cuda'}"
        parts.append(f"CUDA error {code} in {src}" + (f" ({area})" if area else "") + f": {meaning}.")
        fix.append((todo if todo.startswith("pip") else todo[0].upper() + todo[1:]) + ".")
        if code in (700, 719, 999):
            parts.append("After this error the CUDA context is unusable: the Python process has to be restarted before any further GPU fit.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("condition"):
        derived["what"] = "a GPU session from an earlier failed fit is still open (State == nullptr)"
        parts.append("CatBoost's GPU session is process-wide; an earlier GPU fit in this process failed without closing it, so every new GPU fit stops here.")
        fix.append("Restart the Python process / notebook kernel, then look for the first error of the earlier fit (out of memory, CUDA error) and fix that.")
        fix.append("In hyper-parameter searches run each GPU trial in its own process so one failure does not poison the rest.")
        fix.append("If it happens on the very first fit: update the NVIDIA driver and reinstall catboost in a clean environment.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if "proceed some features" in detail:
        derived["what"] = "the GPU dataset builder could not pack some features (can't proceed some features)"
        parts.append("Some features did not fit the GPU's compressed feature index: border_count 255 or more, or embedding features on GPU.")
        fix.append("Set border_count <= 254 (GPU default 128) and pip install -U catboost (>= 1.2.3 fixes the common case); with embedding_features train on task_type='CPU'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if detail.startswith(("GPU Device not found", "Can")) or src.endswith("train_model.cpp"):
        derived["what"] = f"no usable GPU learner ({detail or 'GPU Device not found'})"
        parts.append("This catboost could not start its GPU learner: no visible GPU, or the package's CUDA does not work with this driver.")
        fix.append("Check nvidia-smi, update the NVIDIA driver, pip install -U catboost (old 0.x builds needed matching CUDA), or use task_type='CPU'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if detail == "std::bad_cast":
        derived["what"] = "std::bad_cast inside the GPU learner"
        parts.append("An internal type mismatch in the GPU learner (reported with self-built CUDA wheels and wide datasets).")
        fix.append("Install the official catboost wheel (pip install -U catboost); if it persists train with task_type='CPU' and report a reproducer.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if detail:
        derived["what"] = f"{detail} ({src}:{facts.get('source_line')})" if src else detail
        parts.append(f"The GPU learner stopped in {src}" + (f" ({area})" if area else "") + f": {detail}.")
        if "gpu evaluation impossible" in detail or "libs/model/cuda" in src:
            fix.append("Predict with the default task_type='CPU' (GPU evaluation supports only numeric features).")
        fix.append("Retry with task_type='CPU' to confirm it is GPU-specific; pip install -U catboost; report the message with a reproducer if it persists.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["what"] = "this catboost build has no GPU support (Environment for task type [GPU] not found)"
    parts.append("The installed catboost was built without the CUDA learner (macOS, aarch64 and many conda / source builds), so task_type='GPU' cannot run at all.")
    fix.append("Use task_type='CPU', or install a GPU-enabled build: the PyPI wheel on Linux / Windows x86_64 (pip install -U catboost) with an NVIDIA driver.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
