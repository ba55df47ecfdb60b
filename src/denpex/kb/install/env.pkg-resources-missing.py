"""Computed diagnosis for env.pkg-resources-missing: which package still imports pkg_resources and the pin that restores it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UPGRADE = {
    "tensorboard": "pip install -U tensorboard (2.16+ no longer needs pkg_resources at import)",
    "mmcv": "mmcv 1.x/2.x still import it in places: keep setuptools<82 in that environment",
    "detectron2": "keep setuptools<82 (detectron2 model_zoo uses pkg_resources.resource_filename)",
    "basicsr": "keep setuptools<82 (basicsr/gfpgan/realesrgan are unmaintained)",
    "lightning_fabric": "pip install -U lightning (current releases use importlib.metadata)",
    "pytorch_lightning": "pip install -U lightning (current releases use importlib.metadata)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    importer = str(facts.get("importer") or "")
    st = str(facts.get("setuptools_version") or "")
    derived: dict[str, Any] = {}
    text = []
    if importer:
        derived["where"] = f"imported by {importer}"
        text.append(f"{importer} imports pkg_resources, which only setuptools (< 82) provides.")
    else:
        derived["where"] = "setuptools missing or >= 82"
        text.append("The code imports pkg_resources, which only setuptools (< 82) provides.")
    if st:
        text.append(f"This environment got setuptools {st}, which no longer contains pkg_resources.")
    else:
        text.append("Either setuptools is not installed (Python 3.12+/uv venvs omit it) or it is 82+, which removed pkg_resources.")
    fix = ['pip install "setuptools<82" (or uv pip install "setuptools<82") in this environment and re-run.']
    if importer in _UPGRADE:
        fix.append(_UPGRADE[importer] + ".")
    elif importer:
        fix.append(f"Check for a newer {importer} that uses importlib.metadata; otherwise keep the setuptools<82 pin in its constraints.")
    fix.append("If this happened inside a package build (setup.py), install setuptools<82 first and use pip install --no-build-isolation <package>.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
