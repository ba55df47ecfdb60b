"""Computed diagnosis for lightgbm.gpu-error: which learner is missing, or how far a feature's bins exceed the GPU limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

GPU_MAX_BINS = 256  # the OpenCL learner's largest histogram kernel


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    learner = facts.get("learner")
    bins = facts.get("bin_size")
    if learner:
        flag = "USE_GPU" if learner == "GPU" else "USE_CUDA"
        device = "gpu" if learner == "GPU" else "cuda"
        derived["what"] = f"this LightGBM was built without the {learner} tree learner (device='{device}' needs -D{flag}=1)"
        text = (f"device='{device}' asks for the {learner} tree learner, but the installed LightGBM was compiled without -D{flag}=1 "
                "(or a CPU build shadows the GPU build you compiled).")
        fix.append(f"pip install --force-reinstall lightgbm --config-settings=cmake.define.{flag}=ON (needs CMake, a compiler and "
                   + ("an OpenCL SDK / Boost" if learner == "GPU" else "the CUDA toolkit") + "), then check lightgbm.__file__ points to it.")
        if learner == "GPU":
            fix.append("On NVIDIA GPUs a CUDA build with device='cuda' is the maintained alternative.")
        fix.append("Or remove device / device_type from the parameters to train on the CPU.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if isinstance(bins, int):
        over = bins - GPU_MAX_BINS
        derived["bins_over_gpu_limit"] = over
        derived["what"] = f"a feature has {bins} bins, {over} over the OpenCL GPU learner's limit of {GPU_MAX_BINS}"
        if bins <= 260:
            text = (f"A feature was binned into {bins} bins, just over the GPU limit of {GPU_MAX_BINS}: max_bin is 253-255 and the "
                    "extra bins for missing values / zero push it over.")
            fix.append("Set max_bin=63 (the GPU-recommended value) or at most 252.")
        else:
            text = (f"A feature has {bins} bins, far more than the GPU limit of {GPU_MAX_BINS}: almost always a categorical "
                    f"feature with about {bins} categories (max_bin does not cap categorical features), or a max_bin of that size.")
            fix.append("Encode high-cardinality categorical columns numerically (target / count / frequency encoding) or drop them "
                       "from categorical_feature; keep max_bin <= 255 (63 recommended on GPU).")
        fix.append("Or train with device='cuda' (CUDA learner) or on the CPU, which have no such limit.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["what"] = "no OpenCL device found for device='gpu'"
    text = ("The OpenCL runtime lists no GPU on the selected platform: the NVIDIA OpenCL ICD is not registered (usual in containers), "
            "no OpenCL driver package is installed, or gpu_platform_id / gpu_device_id point elsewhere.")
    fix.append("mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd (NVIDIA; the container needs NVIDIA_DRIVER_CAPABILITIES=compute,utility).")
    fix.append("Run clinfo -l and set gpu_platform_id / gpu_device_id to the GPU's indices; or use device='cuda' with a CUDA build on NVIDIA.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
