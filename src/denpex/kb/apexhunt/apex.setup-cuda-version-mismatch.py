"""Computed diagnosis for apex.setup-cuda-version-mismatch: compare nvcc and torch CUDA versions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _mm(v: Any) -> tuple[int, int] | None:
    try:
        parts = str(v).strip(".").split(".")
        return int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
    except (ValueError, IndexError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    torch_v = _mm(facts.get("torch_cuda"))
    if torch_v is None:
        return None
    tag = f"cu{torch_v[0]}{torch_v[1]}"
    nvcc_v = _mm(facts.get("nvcc_cuda"))
    if nvcc_v is None:
        text = (f"PyTorch was built with CUDA {torch_v[0]}.{torch_v[1]} ({tag}) but the nvcc under CUDA_HOME is another release; "
                "apex refuses to compile its kernels against a different CUDA.")
        diagnosis = f"nvcc differs from torch CUDA {torch_v[0]}.{torch_v[1]}"
    elif nvcc_v[0] != torch_v[0]:
        text = (f"nvcc is CUDA {nvcc_v[0]}.{nvcc_v[1]} but PyTorch was built with CUDA {torch_v[0]}.{torch_v[1]}: "
                "a major-version difference, the kernels would not load. Change one side.")
        diagnosis = f"major CUDA mismatch (nvcc {nvcc_v[0]}.{nvcc_v[1]} vs torch {torch_v[0]}.{torch_v[1]})"
    else:
        text = (f"nvcc is CUDA {nvcc_v[0]}.{nvcc_v[1]} and PyTorch CUDA {torch_v[0]}.{torch_v[1]}: only the minor version differs; "
                "matching them is safest, removing the check in setup.py usually works (apex's own note).")
        diagnosis = f"minor CUDA mismatch (nvcc {nvcc_v[0]}.{nvcc_v[1]} vs torch {torch_v[0]}.{torch_v[1]})"
    fix = (
        f"Use the toolkit PyTorch was built with: export CUDA_HOME=/usr/local/cuda-{torch_v[0]}.{torch_v[1]}; export PATH=$CUDA_HOME/bin:$PATH",
        "Or install the PyTorch wheel for your nvcc: pip install torch --index-url https://download.pytorch.org/whl/cuXY (XY = nvcc release)",
        "Then rebuild apex with --cpp_ext --cuda_ext.",
    )
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
