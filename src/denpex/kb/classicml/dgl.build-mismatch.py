"""Computed diagnosis for dgl.build-mismatch: the torch version DGL looked for and the wheel index to use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "library-missing":
        tv = (facts.get("torch_version") or "").strip()
        kind = facts.get("lib_kind") or "graphbolt"
        path = facts.get("lib_path") or ""
        m = re.match(r"(\d+)\.(\d+)", tv)
        minor = f"{m.group(1)}.{m.group(2)}" if m else None
        platform = "Windows" if path.endswith(".dll") else "macOS" if path.endswith(".dylib") else "Linux"
        parts = [f"This DGL wheel has no {kind} library built for torch {tv}."]
        fix: list[str] = []
        if ".post" in tv:
            parts.append("The '.post' suffix is a conda-forge torch build: no DGL wheel is named after it.")
            fix.append(f"Install torch from pip/pytorch channel (pip install torch=={tv.split('.post')[0]}) or DGL from conda-forge to match it.")
        if platform != "Linux":
            parts.append(f"On {platform} DGL stopped publishing prebuilt wheels after 2.2.1 (torch <= 2.2/2.3).")
            fix.append("Use torch 2.2.x with DGL 2.2.1, build DGL from source against your torch, or run in a Linux container.")
        if minor:
            fix.append(f"pip install dgl -f https://data.dgl.ai/wheels/torch-{minor}/cu<XYZ>/repo.html (cu<XYZ> = torch.version.cuda without dots; "
                       f"if no torch-{minor} index exists, DGL does not support torch {minor} yet).")
        fix.append("Or pin torch to a version listed in site-packages/dgl/graphbolt/ (libgraphbolt_pytorch_<ver>.so).")
        return Explanation(text=" ".join(parts), fix=tuple(fix),
                           derived={"problem": f"no {kind} library for torch {tv}", "platform": platform,
                                    **({"torch_minor": minor} if minor else {})})
    if sig == "graphbolt-load-failed":
        return Explanation(
            text=("A graphbolt library for this torch version exists but failed to load: it was built against another torch build "
                  "(patch release, CUDA variant or conda-forge torch), or a file was symlinked under the expected name."),
            fix=("Reinstall DGL from the index matching torch.__version__ and torch.version.cuda exactly (data.dgl.ai/wheels/torch-X.Y/cuXYZ).",
                 "Or install the torch patch version the DGL release was built with (e.g. 2.3.0 instead of 2.3.1)."),
            derived={"problem": "graphbolt library built for another torch ABI"},
        )
    if sig == "cuda-not-enabled":
        return Explanation(
            text="The installed DGL is a CPU-only build and the code moved a graph or ran a kernel on CUDA.",
            fix=("pip uninstall dgl; pip install dgl -f https://data.dgl.ai/wheels/torch-<X.Y>/cu<XYZ>/repo.html (pip show dgl should then say +cuXYZ).",
                 "Or keep DGL on CPU: build graphs and run DGL modules with device='cpu' (CUDA_VISIBLE_DEVICES='' for tools that auto-select the GPU)."),
            derived={"problem": "CPU-only DGL asked to use CUDA"},
        )
    return None
