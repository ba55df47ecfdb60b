"""Computed diagnosis for lightfm.pep517-setup-failed: the install command to use for this installer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inst = str(facts.get("installer") or "").strip()
    if inst.startswith("uv"):
        tool, cmd = "uv", "uv pip install setuptools wheel cython numpy scipy && uv pip install --no-build-isolation lightfm"
    elif inst.startswith("poetry"):
        tool, cmd = "poetry", "poetry run pip install setuptools wheel cython numpy scipy && poetry run pip install --no-build-isolation lightfm"
    elif inst.startswith("pdm"):
        tool, cmd = "pdm", "pdm run pip install --no-build-isolation lightfm (after setuptools, wheel, cython, numpy, scipy)"
    elif inst:
        tool, cmd = "pip", "pip install -U setuptools wheel cython numpy scipy && pip install --no-build-isolation lightfm"
    else:
        tool, cmd = "", "pip install --no-build-isolation lightfm (after setuptools, wheel, cython, numpy, scipy) or conda install -c conda-forge lightfm"
    return Explanation(
        text=("setup.py of LightFM writes to __builtins__ as if it were the builtins module; the build backend "
              "executes it with __builtins__ as a dict, so the metadata step fails."),
        fix=(cmd, "Or: conda install -c conda-forge lightfm"),
        derived={"via": f" (via {tool})" if tool else ""},
    )
