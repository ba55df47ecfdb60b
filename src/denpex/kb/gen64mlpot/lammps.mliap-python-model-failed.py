"""Computed diagnosis for lammps.mliap-python-model-failed: which Python error stopped the ML-IAP model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("missing_attr") or "")
    owner = str(facts.get("owner") or "")
    err = str(facts.get("python_error") or "").strip()
    kokkos = "KOKKOS" in str(facts.get("source_file") or "") or "kokkos" in owner
    fix: list[str] = []
    if attr == "forward_exchange":
        text = ("The MACE ML-IAP wrapper called MLIAPDataPy.forward_exchange (ghost-atom feature exchange between "
                "layers), which this LAMMPS ML-IAP coupling does not have: the LAMMPS build is older than the MACE "
                "ML-IAP code expects" + ("" if kokkos else ", or the run is not on the Kokkos path") + ".")
        fix.append("Rebuild LAMMPS from a release with ML-IAP unified Kokkos ghost exchange (PKG_ML-IAP, MLIAP_ENABLE_PYTHON, PKG_KOKKOS, PKG_PYTHON) and install its Python module in this environment.")
        if not kokkos:
            fix.append("Run with the Kokkos flags from the MACE ML-IAP guide: lmp -k on g 1 -sf kk -pk kokkos newton on neigh half -in in.lammps.")
        diagnosis = "LAMMPS ML-IAP coupling lacks forward_exchange (LAMMPS older than MACE's ML-IAP code)"
    elif attr and "Wrapper" in owner:
        text = (f"The exported model object ({owner}) has no '{attr}': it was pickled by another mace-torch version "
                "than the one LAMMPS imports now.")
        fix.append("Re-export the model with the installed mace-torch: mace_create_lammps_model model.model --format=mliap.")
        diagnosis = f"model exported by another mace-torch ({owner} has no {attr})"
    elif err:
        text = f"The Python model raised {err}; LAMMPS only reports that the ML-IAP call failed."
        fix.append("Fix the Python error printed above the LAMMPS ERROR line (run the model once through ASE to reproduce it outside LAMMPS).")
        diagnosis = err[:160]
    else:
        text = "The ML-IAP Python model raised; its traceback is printed just above the LAMMPS ERROR line."
        diagnosis = "Python model raised (traceback above the ERROR line)"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
