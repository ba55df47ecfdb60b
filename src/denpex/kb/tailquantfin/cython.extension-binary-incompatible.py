"""Computed diagnosis for cython.extension-binary-incompatible: owner package and direction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DIST = {"sklearn": "scikit-learn", "skimage": "scikit-image", "scipy": "scipy", "pandas": "pandas",
         "numpy": "numpy", "statsmodels": "statsmodels", "sksurv": "scikit-survival", "lightgbm": "lightgbm"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ctype = str(facts.get("ctype") or "")
    if not ctype:
        return None
    top = ctype.split(".", 1)[0]
    owner = _DIST.get(top, top)
    sig = facts.get("_signature")
    derived: dict[str, Any] = {"owner": owner}
    direction = ""
    try:
        exp, got = int(facts["expected"]), int(facts["got"])
        if got < exp:
            direction = (f" The installed {owner} has the smaller struct ({got} < {exp} bytes): it is most likely OLDER "
                         "than the version the extension was compiled against.")
            derived["diagnosis"] = f"{owner} older than build"
        elif got > exp:
            direction = (f" The installed {owner} has the larger struct ({got} > {exp} bytes): it is most likely NEWER "
                         "than the version the extension was compiled against.")
            derived["diagnosis"] = f"{owner} newer than build"
    except (KeyError, TypeError, ValueError):
        pass
    derived.setdefault("diagnosis", f"{owner} version differs from build")
    if sig == "reduce-cython" and top not in _DIST:
        derived["owner"] = "its Cython dependencies"
        text = (f"The Cython module defining {ctype} failed during initialisation: it was compiled against other versions of "
                "its Cython dependencies (or a stale build is on the path).")
        fix = (f"pip install --no-cache-dir --force-reinstall {top} (matching scikit-learn/numpy versions), or rebuild it in this environment.",)
    else:
        text = f"A compiled extension was built against another version of {owner} ({ctype}).{direction}"
        fix = (f"Install the {owner} version the importing package supports (see its requirements), or upgrade that package;",
               f"or rebuild the importing package from source against the installed {owner} (pip install --no-binary <pkg> --no-build-isolation <pkg>).")
    return Explanation(text=text, fix=fix, derived=derived)
