"""Computed diagnosis for build.cuda-missing-std-include: which header to add to which file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLOAT = {"FLT_MAX", "FLT_MIN", "FLT_EPSILON", "DBL_MAX"}


def _submodule(path: str) -> str | None:
    p = path.replace("\\", "/")
    for name in ("simple-knn", "diff-gaussian-rasterization", "diff-surfel-rasterization"):
        if name in p:
            return name
    if "simple_knn" in p:
        return "simple-knn"
    if "rasterizer_impl" in p:
        return "diff-gaussian-rasterization"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = str(facts.get("symbol") or "").strip()
    if not sym:
        return None
    src = str(facts.get("src_file") or "").strip()
    header = "<cfloat>" if sym in _FLOAT else "<cstdint>"
    cause = ("CUDA >= 12.5 headers no longer include <cfloat> indirectly" if header == "<cfloat>"
             else "GCC >= 13 (libstdc++) no longer includes <cstdint> indirectly")
    fname = src.replace("\\", "/").rsplit("/", 1)[-1] if src else "the failing source file"
    text = f"{fname} uses {sym} without including {header}; {cause}, so the build stops there."
    fix = [f"Add '#include {header}' at the top of {src or fname}."]
    sub = _submodule(src)
    if sub:
        text += f" This is the 3D Gaussian Splatting submodule {sub}; the upstream/fork fix is exactly this include."
        fix.append(f"Then reinstall it: pip install --no-cache-dir ./submodules/{sub}")
    else:
        fix.append("Then rebuild the extension (remove its build/ folder first).")
    fix.append("Alternative: build with an older host compiler (CC=gcc-11 CXX=g++-11 CUDAHOSTCXX=g++-11) or CUDA < 12.5.")
    return Explanation(text=text, fix=tuple(fix), derived={"header": header})
