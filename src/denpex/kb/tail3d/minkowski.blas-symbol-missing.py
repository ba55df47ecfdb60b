"""Computed diagnosis for minkowski.blas-symbol-missing: read the BLAS symbol's mangled name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = facts.get("symbol")
    if not sym:
        return None
    sym = str(sym)
    if "cpu_gemm" in sym:
        prec = "double" if "IdE" in sym else "float" if "IfE" in sym else "?"
        enum = "CBLAS_LAYOUT" if "CBLAS_LAYOUT" in sym else "CBLAS_ORDER" if "CBLAS_ORDER" in sym else ""
        other = {"CBLAS_LAYOUT": "CBLAS_ORDER", "CBLAS_ORDER": "CBLAS_LAYOUT"}.get(enum, "")
        kind = f"cpu_gemm<{prec}>"
        diagnosis = f" (callers saw {enum} in cblas.h)" if enum else ""
        text = (f"MinkowskiEngine's own BLAS wrapper {kind} is referenced with the {enum or 'CBLAS'} enum type but not defined under that "
                "name: its math-functions source was not compiled/linked, or it was compiled against another cblas.h"
                + (f" (one declaring {other})" if other else "") + ", or an old build/ directory was reused.")
        fix = ("sudo apt-get install libopenblas-dev  # or: conda install openblas-devel -c anaconda",
               "rm -rf build/ && python setup.py install --blas=openblas --blas_include_dirs=${CONDA_PREFIX}/include")
    else:
        kind = sym
        diagnosis = " (no BLAS library linked)"
        text = f"The BLAS function {sym} is unresolved: the extension was linked without a BLAS library (or another than it was compiled for)."
        fix = ("Install OpenBLAS (libopenblas-dev / openblas-devel) and rebuild with --blas=openblas in a clean build directory.",)
    return Explanation(text=text, fix=fix, derived={"symbol_kind": kind, "diagnosis": diagnosis})
