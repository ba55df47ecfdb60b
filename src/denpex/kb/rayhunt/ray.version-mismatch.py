"""Computed diagnosis for ray.version-mismatch: which of Ray / Python differs, with the pin to install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _minor(v: str) -> str:
    return ".".join(v.split(".")[:2])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cr, cp = facts.get("cluster_ray"), facts.get("cluster_python")
    pr, pp = facts.get("process_ray"), facts.get("process_python")
    if not (cr and pr):
        return None
    parts: list[str] = []
    fix: list[str] = []
    if cr != pr:
        parts.append(f"Ray {pr} here vs {cr} on the cluster")
        fix.append(f"pip install 'ray[default]=={cr}' in this environment (or restart the cluster with Ray {pr}).")
    if cp and pp and cp != pp:
        level = "minor" if _minor(cp) != _minor(pp) else "patch"
        parts.append(f"Python {pp} here vs {cp} on the cluster ({level} version differs)")
        fix.append(f"Run this process with Python {cp} (the cluster image's), e.g. a conda env python={cp}, or submit with ray job submit so the driver runs on the cluster.")
    if not parts:
        return Explanation(text="The version blocks print the same Ray and Python: another component listed (pyarrow/cloudpickle in Ray 0.x) differs.",
                           fix=("Use one environment (image / conda env) for every node and the driver.",),
                           derived={"differs": " - Ray and Python match; another listed component (pyarrow/cloudpickle) differs"})
    node = facts.get("node_ip")
    where = f" (node {node})" if node else ""
    return Explanation(
        text="The connecting process" + where + " does not match the cluster: " + "; ".join(parts) + ".",
        fix=tuple(fix),
        derived={"differs": " - " + "; ".join(parts)},
    )
