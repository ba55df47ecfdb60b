"""Computed diagnosis for ogb.package-outdated: how far behind the installed ogb is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _parts(v: str) -> tuple[int, ...]:
    out = []
    for p in v.split("."):
        try:
            out.append(int(p))
        except ValueError:
            break
    return tuple(out)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inst, latest = facts.get("installed"), facts.get("latest")
    if not inst or not latest:
        return None
    a, b = _parts(str(inst)), _parts(str(latest))
    if a[:2] != b[:2]:
        gap = "minor"
        note = " A minor-version gap can add datasets and change loaders; check the ogb release notes before upgrading."
    else:
        gap = "patch"
        note = " A patch-level gap: upgrading is usually safe, but repositories with pretrained molecule models may pin it."
    if a and a <= (1, 3, 5) < b:
        note += " Releases after 1.3.5 changed the molecule featurisation (chirality list 4 -> 5 entries)."
    text = f"Informational: ogb {inst} is installed and {latest} is on PyPI ({gap} behind).{note} The warning does not stop the run."
    return Explanation(text=text, fix=("export OUTDATED_IGNORE=1  # silence the check", f"or: pip install ogb=={latest}"),
                       derived={"diagnosis": f"{gap} version behind"})
