"""Computed diagnosis for lammps.pair-style-newton-setting: the newton line to add."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    style = facts.get("pair_style")
    req = str(facts.get("required") or "").lower()
    if req not in ("on", "off"):
        return None
    other = "on" if req == "off" else "off"
    name = str(style or "this pair style")
    default = " (newton on is the LAMMPS default, so a script without a newton line uses it)" if req == "off" else ""
    text = f"Pair style {name} only works with newton pair {req}; the input runs with newton pair {other}{default}."
    fix = (f"add 'newton {req}' near the top of the input script, before read_data / create_box",
           f"with Kokkos also pass: -pk kokkos newton {req}")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"input uses newton {other}, style needs {req}"})
