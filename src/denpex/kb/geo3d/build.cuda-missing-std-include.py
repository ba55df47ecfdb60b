"""Computed diagnosis for build.cuda-missing-std-include: which header to add to which file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLOAT = {"FLT_MAX", "FLT_MIN", "FLT_EPSILON", "DBL_MAX"}
# thrust::<name> -> the Thrust header that declares it, where the header is not named after it
_THRUST_HEADER = {"max_element": "extrema", "min_element": "extrema", "minmax_element": "extrema",
                  "sort_by_key": "sort", "stable_sort": "sort", "stable_sort_by_key": "sort",
                  "device": "execution_policy", "host": "execution_policy", "seq": "execution_policy",
                  "exclusive_scan": "scan", "inclusive_scan": "scan", "upper_bound": "binary_search",
                  "lower_bound": "binary_search", "make_zip_iterator": "iterator/zip_iterator",
                  "make_counting_iterator": "iterator/counting_iterator", "counting_iterator": "iterator/counting_iterator"}


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
    if facts.get("_signature") == "thrust-no-member":
        header = f"<thrust/{_THRUST_HEADER.get(sym, sym)}.h>"
        cause = "the Thrust shipped with CUDA >= 12 no longer includes every algorithm header indirectly"
    else:
        header = "<cfloat>" if sym in _FLOAT else "<cstdint>"
        cause = ("CUDA >= 12.5 headers no longer include <cfloat> indirectly" if header == "<cfloat>"
                 else "GCC >= 13 (libstdc++) no longer includes <cstdint> indirectly")
    fname = src.replace("\\", "/").rsplit("/", 1)[-1] if src else "the failing source file"
    shown = f"thrust::{sym}" if header.startswith("<thrust/") else sym
    text = f"{fname} uses {shown} without including {header}; {cause}, so the build stops there."
    fix = [f"Add '#include {header}' at the top of {src or fname}."]
    sub = _submodule(src)
    if sub:
        text += (f" This is the 3D Gaussian Splatting submodule {sub}"
                 + ("." if header.startswith("<thrust/") else "; the upstream/fork fix is exactly this include."))
        fix.append(f"Then reinstall it: pip install --no-cache-dir ./submodules/{sub}")
    else:
        fix.append("Then rebuild the extension (remove its build/ folder first).")
    if not header.startswith("<thrust/"):
        fix.append("Alternative: build with an older host compiler (CC=gcc-11 CXX=g++-11 CUDAHOSTCXX=g++-11) or CUDA < 12.5.")
    return Explanation(text=text, fix=tuple(fix), derived={"header": header})
