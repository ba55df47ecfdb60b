"""Computed diagnosis for build.backend-unavailable: which package provides the backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PROVIDER = {
    "setuptools": "setuptools wheel",
    "poetry": "poetry-core",
    "hatchling": "hatchling",
    "flit_core": "flit-core",
    "scikit_build_core": "scikit-build-core",
    "mesonpy": "meson-python",
    "maturin": "maturin",
    "pdm": "pdm-backend",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "")
    if not backend:
        return None
    top = backend.split(".")[0].split(":")[0]
    pkg = _PROVIDER.get(top, top.replace("_", "-"))
    text = (f"The build backend {backend} could not be imported in the environment the build ran in - with --no-build-isolation "
            f"(or python -m build --no-isolation) that is your own environment, which lacks {pkg.split()[0]}"
            f"{' (Python 3.12+ and uv venvs ship without setuptools)' if top == 'setuptools' else ''}.")
    fix = (f"python -m pip install -U {pkg} (uv: uv pip install {pkg}) in that environment, plus the package's other build "
           "requirements (packaging, ninja, torch), then rerun the install.",
           f"If {top} is already installed, it fails on import: python -c 'import {backend.split(':')[0]}' shows why; reinstall or pin a version that supports this Python.")
    return Explanation(text=text, fix=fix, derived={"what": f"{pkg.split()[0]} not importable"})
