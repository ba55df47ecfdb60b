"""Computed diagnosis for openmm.nan-coordinates: where in the run the NaN appeared."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    phase = str(facts.get("phase") or "")
    if phase:
        text = "Positions became NaN during energy minimization: the start structure has severe clashes or broken parameters."
        first = "check the structure (missing atoms, overlapping solvent/ions, ligand parameters) with PDBFixer / a viewer"
    else:
        text = "The MD integration blew up: start from a minimized structure and use a time step the constraints allow."
        first = "simulation.minimizeEnergy() before simulation.step(); print the potential energy before and after"
    return Explanation(
        text=text,
        fix=(first,
             "createSystem(..., constraints=HBonds) with 2 fs (4 fs only with hydrogenMass=4*amu)",
             "StateDataReporter every step for the first 100 steps to find the divergence"),
        derived={"phase": "minimization" if phase else "dynamics"},
    )
