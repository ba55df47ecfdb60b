"""Computed diagnosis for xla.libdevice-not-found: which search failed and where to point XLA."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").rstrip(".,")
    if not path:
        return None
    sig = facts.get("_signature")
    framework = "TensorFlow" if sig == "tf-internal-error" else ("XLA" if sig == "hlo-module-warning" else "JAX")
    if path.startswith("./") or path == "libdevice.10.bc":
        where = ("XLA found no CUDA directory with nvvm/libdevice at all and fell back to the current "
                 "directory ('./libdevice.10.bc').")
    elif "jaxlib" in path:
        where = (f"XLA looked in the directory bundled with an old jaxlib wheel ({path}) and it is missing: "
                 "the jaxlib install is incomplete or predates the nvcc-wheel layout.")
    else:
        where = f"XLA expected libdevice at {path} and the file is not there."
    cuda_dir = facts.get("cuda_dir")
    if cuda_dir:
        where += f" It had already warned that {cuda_dir}/nvvm/libdevice does not exist."
    if framework in ("JAX", "XLA"):
        fix = ("pip install -U 'jax[cuda12]'  # brings nvidia-cuda-nvcc-cu12, which holds nvvm/libdevice",
               "or: export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda  # a CUDA root whose nvvm/libdevice/libdevice.10.bc exists")
    else:
        fix = ("pip install -U 'tensorflow[and-cuda]'  or  conda install -c nvidia cuda-nvcc",
               "export XLA_FLAGS=--xla_gpu_cuda_data_dir=$CONDA_PREFIX  # or the CUDA root that holds nvvm/libdevice")
    return Explanation(text=f"{framework}: {where}", fix=fix, derived={"framework": framework})
