"""Computed diagnosis for dlib.blas-symbol-missing: which BLAS routine, which precision."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PREC = {"s": "single precision", "d": "double precision", "c": "single complex", "z": "double complex"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    symbol = str(facts.get("symbol") or "").strip()
    if not symbol:
        return None
    library = str(facts.get("library") or "the dlib extension")
    precision = ""
    if symbol.startswith("cblas_") and len(symbol) > 7:
        precision = _PREC.get(symbol[6], "")
    routine = f"{symbol} ({precision} CBLAS routine)" if precision else symbol
    text = (f"{library} needs {routine} from a BLAS library, but the BLAS loaded at import exports no such symbol: "
            "dlib was compiled against a CBLAS that is not the one resolved now (Fortran-only libblas, or the package changed).")
    fix = (
        "sudo apt install libopenblas-dev liblapack-dev  # or your distribution's openblas package",
        "pip uninstall -y dlib && pip install --no-cache-dir --force-reinstall dlib",
    )
    derived = {"precision": precision} if precision else {}
    return Explanation(text=text, fix=fix, derived=derived)
