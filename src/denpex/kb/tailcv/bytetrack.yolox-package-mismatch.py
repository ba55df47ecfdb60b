"""Computed diagnosis for bytetrack.yolox-package-mismatch: which yolox was imported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not module:
        return None
    path = facts.get("path") or ""
    name = facts.get("name")
    what = f"'{name}' from {module}" if name else module
    if "site-packages" in path or "dist-packages" in path:
        where = path.split("yolox")[0].rstrip("/\\")
        text = (f"{what} is missing because Python imported an installed yolox from {where}: the upstream YOLOX package, "
                "not the tracker's fork in your clone.")
        fix = ("pip uninstall -y yolox, then in the tracker's clone: pip install -e . (or python3 setup.py develop).",)
        diagnosis = "installed upstream yolox shadows the fork"
    else:
        text = (f"{what} is part of the ByteTrack-style yolox fork; the yolox Python imported does not have it "
                "(upstream YOLOX installed, or the clone is not on sys.path).")
        fix = ("Check python -c 'import yolox; print(yolox.__file__)'; it must point into the tracker's clone. "
               "Install the clone with pip install -e . or run from its root.",)
        diagnosis = "wrong yolox on sys.path"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
