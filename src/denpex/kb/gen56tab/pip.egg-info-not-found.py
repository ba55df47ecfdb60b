"""Computed diagnosis for pip.egg-info-not-found: which package's source release failed egg_info."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILT = {"xgboost", "lightgbm", "catboost", "scikit-learn", "numpy", "scipy", "pandas", "pyrfr", "psutil"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = facts.get("package")
    if not isinstance(pkg, str) or not pkg:
        return None
    derived: dict[str, Any] = {}
    if pkg.startswith(("pip-req-build-", "pip-build-", "pip-install-")):
        derived["package"] = None
        derived["source"] = "local path or VCS URL"
        return Explanation(
            text="The package came from a path or git URL; its setup.py egg_info wrote no metadata.",
            fix=("python -m pip install -v <the same URL> 2>&1 | tail -40  # read what setup.py printed",),
            derived=derived)
    name = pkg.lower()
    derived["package"] = name
    fix = [f"python -m pip install -U pip && python -m pip install --only-binary=:all: {name}  # use a wheel, not the sdist"]
    text = f"pip had to build {name} from source and its setup.py egg_info produced no metadata, so nothing was installed."
    if name in _BUILT:
        derived["compiled"] = True
        text += f" {name} has compiled parts: old source releases only build where their build step works (often not on Windows)."
        fix.append(f"conda install -c conda-forge {name}  # prebuilt binary")
    fix.append(f"python -m pip install -v {name} 2>&1 | tail -40  # shows why setup.py stopped")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
