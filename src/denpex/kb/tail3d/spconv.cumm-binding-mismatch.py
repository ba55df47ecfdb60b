"""Computed diagnosis for spconv.cumm-binding-mismatch: which cumm type spconv could not see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cpp_type = facts.get("cpp_type")
    if not cpp_type:
        return None
    arg = facts.get("arg") or "?"
    text = (f"spconv's core_cc needs cumm's {cpp_type} (default of argument '{arg}') but that type is not registered "
            "in this interpreter's pybind11 registry: the installed cumm was not built together with the installed "
            "spconv (other version/CUDA variant, other compiler, or two spconv/cumm distributions at once).")
    fix = ("pip list | grep -iE 'spconv|cumm'  # remove every variant listed with pip uninstall -y",
           "pip install spconv-cuXXX  # XXX = your CUDA, e.g. spconv-cu118; it installs the matching cumm-cuXXX")
    return Explanation(text=text, fix=fix, derived={})
