"""Computed diagnosis for tcnn.cutlass-error: Pascal fallback vs a build for another GPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "Error Internal")
    arch = facts.get("arch")
    if arch is not None and int(arch) < 70:
        a = int(arch)
        text = (f"tiny-cuda-nn targets architecture {a} (compute capability {a // 10}.{a % 10}), below the sm_70 tensor cores its CUTLASS "
                f"fallback needs, so the GEMM fails with '{status}'.")
        fix = ("Run on a GPU with compute capability 7.0 or newer (V100, T4, RTX 20xx+, A100...).",
               f"If this GPU is newer than {a}, the build targeted the wrong architecture: reinstall with TCNN_CUDA_ARCHITECTURES set to the real one.")
    elif arch is not None:
        text = f"tiny-cuda-nn was built for architecture {arch} and its CUTLASS GEMM failed with '{status}': the build does not match this GPU."
        fix = (f"Check the GPU's compute capability (nvidia-smi --query-gpu=compute_cap --format=csv); if it is not {int(arch) // 10}.{int(arch) % 10}, "
               "reinstall with TCNN_CUDA_ARCHITECTURES=<cc without the dot>.",)
    else:
        text = (f"tiny-cuda-nn's CUTLASS GEMM failed with '{status}': nearly always kernels not built for this GPU "
                "(another TCNN_CUDA_ARCHITECTURES, a conda nvcc, a build on another machine) or a pre-Volta GPU.")
        fix = ("TCNN_CUDA_ARCHITECTURES=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .) "
               "pip install --no-cache-dir --force-reinstall git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch",)
    return Explanation(text=text, fix=fix, derived={})
