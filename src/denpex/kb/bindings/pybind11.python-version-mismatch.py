"""Computed diagnosis for pybind11.python-version-mismatch: which Python to build or run with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _minor(v: str) -> tuple[int, int] | None:
    parts = v.split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    built = str(facts.get("built_python") or "")
    run = str(facts.get("runtime_python") or "")
    b, r = _minor(built), _minor(run)
    if not b or not r:
        return None
    run_mm = f"{r[0]}.{r[1]}"
    direction = "a newer" if b > r else "an older"
    text = (f"The extension was compiled for Python {built} and is imported by Python {run_mm} (built for {direction} Python than the one running). "
            f"It has to be rebuilt with Python {run_mm}, or run under Python {built}.")
    fix = (f"Rebuild with the running interpreter: delete the old .so, then python{run_mm} -m pip install -v . (or python setup.py build_ext --inplace).",
           f"CMake: cmake -DPython_EXECUTABLE=$(which python{run_mm}) -DPYTHON_EXECUTABLE=$(which python{run_mm}) .. && make.",
           f"Or create an environment with Python {built} (conda create -n env python={built}) for the prebuilt module.")
    return Explanation(text=text, fix=fix, derived={"built_python": built, "runtime_python": run_mm})
