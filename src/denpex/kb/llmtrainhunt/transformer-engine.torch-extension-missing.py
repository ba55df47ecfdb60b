"""Computed diagnosis for transformer-engine.torch-extension-missing: which shared object was searched."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    glob = facts.get("glob")
    if not glob:
        return None
    glob = str(glob)
    if "module_name" in glob or "transformer_engine_torch" in glob:
        diagnosis = "transformer_engine_torch extension not installed"
        text = (f"TE looked for its PyTorch extension ({glob}, i.e. transformer_engine_torch.*.so) and found none: "
                "the core wheel is installed without the PyTorch extension, or the two come from different TE versions.")
    else:
        diagnosis = "no TE shared library in the package directory"
        text = (f"TE looked for any shared library ({glob}) in its package directory and found none: the install is "
                "incomplete (broken 1.9.x wheel or failed source build).")
    return Explanation(
        text=text,
        fix=("pip uninstall -y transformer-engine transformer-engine-cu12 transformer-engine-torch",
             "pip install \"transformer-engine[pytorch]\"  # pin the version your Megatron-Core/NeMo expects"),
        derived={"diagnosis": diagnosis},
    )
