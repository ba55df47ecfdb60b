"""Computed diagnosis for numpy.negative-dimensions: which constructor, inside which package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PACKAGES = {
    "pmdarima": ("pmdarima's auto_arima sized a buffer from a series too short for the seasonal/lag orders tried "
                 "(a bug fixed in pmdarima 1.4.0).",
                 "pip install -U 'pmdarima>=1.4'; otherwise lower m / max orders or use a longer series."),
    "trimesh": ("trimesh computed a negative grid/voxel shape from the geometry (empty or degenerate bounds).",
                "Check mesh.bounds / the pitch: an empty point set or a wrong pitch gives negative extents."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "")
    package = str(facts.get("package") or "")
    if package == "numpy":
        package = ""
    fix: list[str] = []
    if package in _PACKAGES:
        text, f = _PACKAGES[package]
        fix.append(f)
        what = f"{package}: negative array size"
    else:
        site = f"{call}(...)" if call else "an array constructor"
        inside = f" inside {package}" if package else ""
        text = (f"{site}{inside} received a shape with a negative entry: the code computed it, usually as a difference "
                "(end - start, target - have, x2 - x1) that is negative for this input.")
        what = f"negative size passed to {call or 'a NumPy constructor'}" + (f" ({package})" if package else "")
    if call:
        fix.append(f"Print each term of the shape passed to {call} on the failing line; clamp with max(0, n) or skip the sample.")
    else:
        fix.append("Print the shape expression on the line above the error; clamp with max(0, n) or skip the sample.")
    if not call and not package:
        return Explanation(text="A NumPy array was requested with a negative size; the traceback line above the error shows the expression.",
                           fix=tuple(fix), derived={"what": "negative size passed to a NumPy constructor"})
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
