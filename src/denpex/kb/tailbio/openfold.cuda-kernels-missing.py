"""Computed diagnosis for openfold.cuda-kernels-missing: extension never built vs kernel called on CPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("module"):
        return Explanation(
            text=("The compiled extension attn_core_inplace_cuda is not importable: OpenFold runs from a source tree "
                  "(or an install) whose CUDA build step never ran or failed."),
            fix=("cd openfold && export CUDA_HOME=${CUDA_HOME:-$CONDA_PREFIX} && python setup.py install  "
                 "# nvcc --version must match python -c 'import torch; print(torch.version.cuda)'",
                 "Then: python -c \"import attn_core_inplace_cuda\" from another directory than the source tree."),
            derived={"diagnosis": "attn_core_inplace_cuda was never built/installed in this environment"})
    op = facts.get("op")
    if op:
        return Explanation(
            text=f"{op} is OpenFold's CUDA-only kernel and it was called with CPU tensors (model or batch on the CPU).",
            fix=("Run on a GPU (check torch.cuda.is_available() and --model_device cuda:0), or",
                 "for CPU inference disable the memory-efficient kernel (use_memory_efficient_kernel=False / config.globals.use_*_kernel = False)."),
            derived={"diagnosis": f"{op} called on CPU tensors"})
    return None
