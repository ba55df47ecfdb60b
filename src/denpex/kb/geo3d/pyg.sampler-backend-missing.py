"""Computed diagnosis for pyg.sampler-backend-missing: missing vs disabled backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INDEX = ("pip install pyg_lib torch_scatter torch_sparse -f https://data.pyg.org/whl/torch-${TORCH}+${CUDA}.html  "
          "(TORCH=x.y.0 and CUDA=cu118/cu121/cu124/cpu from: python -c 'import torch; print(torch.__version__, torch.version.cuda)')")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = str(facts.get("component") or "NeighborSampler")
    disabled = str(facts.get("disabled") or "")
    if disabled:
        text = (f"{comp} needs pyg-lib or torch-sparse. '{disabled}' is installed but PyG disabled it at import (its compiled "
                "library does not load with this torch/CUDA - see the earlier 'Disabling its usage' warning).")
        fix = (f"pip uninstall -y {disabled.replace('-', '_')} and reinstall from the wheel index matching this torch:", _INDEX)
    else:
        text = (f"{comp} needs a compiled sampling backend (pyg-lib or torch-sparse) and neither is installed; "
                "pip install torch_geometric does not install them.")
        fix = (_INDEX, "or train full-batch without NeighborLoader if the graph fits in memory")
    return Explanation(text=text, fix=fix, derived={"component": comp})
