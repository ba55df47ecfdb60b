"""Computed diagnosis for alphafold.amber-relax-failed: what every minimization attempt hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attempts = facts.get("attempts")
    if attempts is None:
        return None
    inner = str(facts.get("inner") or "")
    fix: list[str] = []
    low = inner.lower()
    if any(k in inner for k in ("CUDA", "Platform", "compiling program")):
        cause = "openmm-gpu-platform"
        text = (
            f"All {attempts} minimization attempts failed with the same OpenMM GPU error ({inner}): "
            "GPU relax cannot run in this environment."
        )
        fix.append("Relax on the CPU: --use_gpu_relax=false (AlphaFold) or drop --use-gpu-relax (colabfold_batch).")
        fix.append("Or repair OpenMM's CUDA platform: python -m openmm.testInstallation, then install the OpenMM/cuda-version build matching the driver.")
    elif "nan" in low or "template" in low:
        cause = "structure"
        text = (
            f"All {attempts} minimization attempts failed on the structure itself ({inner}): "
            "the model has geometry or residues OpenMM cannot minimize."
        )
        fix.append("Relax only the best-ranked model, or trim low-confidence termini/loops before relaxing.")
    else:
        cause = "unknown"
        text = (
            f"All {attempts} AMBER minimization attempts raised; the per-attempt error is logged at INFO level "
            "after 'Minimizing protein, attempt k of N.' (not in this excerpt). Most often it is the OpenMM GPU platform."
        )
        fix.append("Rerun with CPU relax (--use_gpu_relax=false / without --use-gpu-relax) to tell a GPU platform problem from a structure problem.")
    fix.append("The unrelaxed models are complete; skip relax (--models_to_relax=none / no --amber) if you do not need it.")
    return Explanation(text=text, fix=tuple(fix), derived={"cause": cause})
