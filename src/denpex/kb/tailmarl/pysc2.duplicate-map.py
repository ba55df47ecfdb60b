"""Computed diagnosis for pysc2.duplicate-map: is the duplicate a SMAC map (two SMAC packages) or a custom one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SMAC = {
    "3m", "8m", "25m", "5m_vs_6m", "8m_vs_9m", "10m_vs_11m", "27m_vs_30m", "MMM", "MMM2", "2s3z", "3s5z",
    "3s5z_vs_3s6z", "3s_vs_3z", "3s_vs_4z", "3s_vs_5z", "1c3s5z", "2m_vs_1z", "corridor", "6h_vs_8z",
    "2s_vs_1sc", "so_many_baneling", "bane_vs_bane", "2c_vs_64zg",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("map_name") or "")
    if not name:
        return None
    if name in _SMAC:
        diagnosis = "two SMAC-family packages imported in one process"
        text = (f"'{name}' is a SMAC map: two packages that both declare the SMAC maps (smac and smacv2, smac-hard, or a vendored "
                "copy of smac) were imported in the same Python process.")
        fix = ("Import only one of them (e.g. only smacv2.env in PyMARL2), or uninstall the unused one: pip uninstall smac",)
    else:
        diagnosis = f"map class {name} defined twice"
        text = f"Two pysc2 Map subclasses are named '{name}' (a custom map registered twice, or a module imported under two names)."
        fix = (f"Keep one definition of {name} and import its module once.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
