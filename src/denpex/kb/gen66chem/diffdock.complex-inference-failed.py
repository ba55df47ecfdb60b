"""Computed diagnosis for diffdock.complex-inference-failed: which kind of per-complex error was printed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KEY = re.compile(r"^'([^']{1,40})'$")


def _kind(error: str) -> tuple[str, str]:
    low = error.lower()
    if "non-finite" in low or "nan" in low.split() or "failed to converge" in low:
        return ("NaN coordinates during sampling",
                "Give the ligand 3D coordinates or a SMILES RDKit can embed; 'rdkit coords could not be generated' above means random start coordinates were used.")
    if "out of memory" in low:
        return ("CUDA out of memory while sampling",
                "Lower --batch_size and --samples_per_complex, or dock this complex alone.")
    if "out of bounds" in low or "index" in low and "range" in low:
        return ("an indexing error inside sampling",
                "Check that the ligand and protein of this complex parse completely (atoms, residues); run it alone with the exception re-raised to see the traceback.")
    if "no such file" in low or "errno 2" in low:
        return ("an input file was not found",
                "Fix the protein_path / ligand_description of this complex (paths are relative to where inference is started).")
    key = _KEY.match(error.strip())
    if key:
        return (f"KeyError '{key.group(1)}' while building the graph",
                f"The input holds a name ('{key.group(1)}') the featurizer has no entry for: remove HETATM ligands, waters and non-standard residues from the protein, and check element names in the ligand file.")
    return ("the error printed next to it", "Fix that input and re-run the complex.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    complex_name = str(facts.get("complex") or "").strip().rstrip(".") or "(unnamed)"
    error = str(facts.get("error") or "").strip()
    dataset = facts.get("dataset")
    failed = facts.get("failed")
    skipped = facts.get("skipped")
    target = f"complex {complex_name}"
    fix: list[str] = []
    if error:
        kind, step = _kind(error)
        diagnosis = f"{kind} ({error[:120]})"
        text = (f"DiffDock caught an exception for {complex_name} and went on without poses for it: {error[:200]}. "
                "The run still ends with exit code 0.")
        fix.append(step)
    elif dataset:
        diagnosis = f"not in the {dataset} dataset (its preprocessing failed earlier)"
        text = (f"The {dataset} dataset has no graph for {complex_name}: building it failed during preprocessing; "
                "the reason is the line after 'Skipping ... because of the error:' further up.")
        fix.append("Look up the 'because of the error:' line for this complex and fix that input (protein residues, ligand parsing).")
    elif str(facts.get("loaded", "")) == "0":
        cache = facts.get("cache")
        diagnosis = "no complex was loaded (empty dataset)"
        target = "every complex"
        where = f" from {cache}" if cache else ""
        text = (f"The dataset read{where} holds 0 complexes, so nothing can be docked; numpy then warns about "
                "empty slices and the run crashes or ends without output. Preprocessing dropped every complex, "
                "or the cache was written by a run whose inputs all failed.")
        fix.append("Delete the cache folder named on the 'loading data from memory' line and re-run; if it is still 0, check the CSV paths and that each ligand parses with RDKit.")
    else:
        counts = []
        if failed:
            counts.append(f"{failed} failed")
        if skipped:
            counts.append(f"{skipped} skipped")
        diagnosis = ", ".join(counts) or "some complexes failed"
        complex_name = "complexes"
        target = "complexes"
        text = (f"DiffDock's closing summary reports {diagnosis}: those complexes have no rank*.sdf files. "
                "The per-complex reasons are the 'Failed on [...]' and 'because of the error:' lines above.")
        fix.append("grep the log for 'Failed on [' and 'because of the error:' to find each complex and its error.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "target": target})
