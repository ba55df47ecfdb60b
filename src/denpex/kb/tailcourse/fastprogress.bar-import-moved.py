"""Computed diagnosis for fastprogress.bar-import-moved: which package still uses the 0.1.x import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UPGRADE = {"fastai": "pip install fastai==1.0.61  (fastai 1.x code) or port to fastai 2",
            "ktrain": "pip install -U 'ktrain>=0.7.3'",
            "transformers": "edit the example: from fastprogress.fastprogress import master_bar, progress_bar",
            "pymc3": "pip install -U pymc3"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    if not name:
        return None
    pkg = str(facts.get("importer_pkg") or "")
    if pkg == "fastprogress":
        pkg = ""
    fix = []
    if pkg and pkg in _UPGRADE:
        fix.append(_UPGRADE[pkg])
        who = f"the installed `{pkg}`"
    elif pkg:
        fix.append(f"Upgrade `{pkg}` to a release that imports from fastprogress.fastprogress.")
        who = f"the installed `{pkg}`"
    else:
        who = "your code (or a copied script/notebook)"
    fix.append(f"Change the import to: from fastprogress.fastprogress import {name}")
    fix.append("Or pin the old layout: pip install fastprogress==0.1.22")
    return Explanation(
        text=f"{who} imports `{name}` from the fastprogress top level, which only fastprogress 0.1.x provides; the installed fastprogress is 0.2 or newer.",
        fix=tuple(fix), derived={"diagnosis": f"{pkg or 'code'} uses fastprogress 0.1 import"})
