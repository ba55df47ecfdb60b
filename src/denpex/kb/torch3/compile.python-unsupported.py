"""Computed diagnosis for compile.python-unsupported: which torch release supports the refused platform."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# first torch release whose torch.compile supports the Python minor version
_FIRST_TORCH = {"3.11": "2.1", "3.12": "2.4", "3.13": "2.6", "3.14": "2.10"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    platform = str(facts.get("platform") or "").strip()
    if not platform:
        return None
    if platform.lower().startswith("windows"):
        text = ("This torch (2.0/2.1) refuses torch.compile on Windows.")
        fix = ("Upgrade to torch >= 2.2 (inductor on Windows needs MSVC and a triton-windows build for GPU kernels), run under WSL2, or skip torch.compile.",)
        return Explanation(text=text, fix=fix, derived={"platform": "Windows"})
    ver = platform.replace("Python", "").replace("+", "").strip()
    first = _FIRST_TORCH.get(ver)
    text = f"The installed torch has no TorchDynamo support for Python {ver}, so torch.compile refuses to run."
    fixes = []
    if first:
        text += f" torch.compile supports Python {ver} from torch {first}."
        fixes.append(f"pip install -U 'torch>={first}' (with matching torchvision/torchaudio), or")
    fixes.append(f"use an environment with an older Python than {ver} (e.g. conda create -n env python=3.10), or")
    fixes.append("skip compilation: remove torch.compile(model) / pass --compile=False; the model runs eagerly.")
    return Explanation(text=text, fix=tuple(fixes), derived={"platform": f"Python {ver}", "first_supporting_torch": first or ""})
