"""Computed diagnosis for boltz.input-processing-failed: which part of the input the parser rejected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KEY = re.compile(r"^'([A-Za-z_][A-Za-z0-9_]*)'\.?$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return None
    error = str(facts.get("error") or "").strip()
    fix: list[str] = []
    m = _KEY.match(error)
    low = error.lower()
    if m:
        key = m.group(1)
        kind = "schema-key"
        text = f"{path} lacks the key '{key}' the Boltz parser reads (KeyError): the file is not in the Boltz YAML schema."
        fix.append(f"Add a top-level '{key}:' section as in boltz examples/*.yaml (version: 1, sequences: - protein: {{id: A, sequence: ...}}).")
    elif "alphabet" in low:
        kind = "sequence-letters"
        text = f"{path} has a sequence (or a template chain) with letters outside the residue alphabet."
        fix.append("Remove non-standard letters from the sequences; with a template, pass a CIF of only the matching chain and set chain_id/template_id.")
    elif "template" in low:
        kind = "template"
        text = f"{path} has a templates entry Boltz cannot use: {error}"
        fix.append("Give each templates entry an existing cif: (or pdb:) path; templates need a Boltz-2 release.")
    elif "ccd" in low or "smiles" in low or "rdkit" in low:
        kind = "ligand"
        text = f"{path} has a ligand Boltz cannot build: {error}"
        fix.append("Check the CCD code against the downloaded CCD cache, or validate the SMILES with RDKit.")
    elif error in ("", "."):
        kind = "no-message"
        text = f"{path} raised an exception without a message while parsing (often an IndexError from a template or constraint that does not map to the sequence)."
        fix.append("Remove the templates/constraints blocks to find which one fails, then check chain ids and residue indices.")
    else:
        kind = "other"
        text = f"Boltz could not parse {path}: {error}"
        fix.append("Fix the field named in the error, comparing with the installed version's examples/*.yaml.")
    fix.append("Rerun boltz predict; check the log has no 'Failed to process' line.")
    return Explanation(text=text, fix=tuple(fix), derived={"kind": kind})
