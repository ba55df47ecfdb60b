"""Computed diagnosis for rdkit.smiles-parse-error: what is wrong with the string that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEADERS = {"smiles", "smile", "canonical_smiles", "mol", "molecule", "structure", "smiles_string"}


def _problem(s: str, kind: str) -> str:
    low = s.strip().lower()
    if low in _HEADERS or low.startswith("smiles"):
        return "it is a column header, not a molecule (the CSV header row was read as data)"
    if s.startswith("InChI="):
        return "it is an InChI, not a SMILES (use Chem.MolFromInchi)"
    if s != s.strip() or '"' in s or "\t" in s:
        return "it carries whitespace or quotes around the molecule (strip the column)"
    if " " in s.strip():
        return "it has text after a space (a name/ID glued to the SMILES: wrong separator when reading the file)"
    if "unclosed ring" in kind:
        return "a ring-bond digit is opened but never closed (truncated or corrupted string)"
    if "open parentheses" in kind or s.count("(") > s.count(")"):
        return "a branch '(' is never closed (truncated string)"
    if "close parentheses" in kind or s.count(")") > s.count("("):
        return "there is a ')' without a matching '('"
    if s.startswith("(") or s.startswith(")"):
        return "the string starts with a branch, which SMILES does not allow"
    return "the string does not follow the SMILES grammar"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    s = facts.get("smiles")
    kind = str(facts.get("error_kind") or "")
    pos = facts.get("position")
    if s is None and pos is None:
        return None
    s = str(s or "")
    text = f"RDKit could not parse '{s}'" if s else "RDKit could not parse a SMILES string"
    text += f": {_problem(s, kind)}." if s else "."
    if isinstance(pos, int) and s:
        start = max(0, pos - 10)
        text += f" The parser stopped near position {pos}: ...{s[start:pos + 5]}..."
    elif isinstance(pos, int):
        text += f" The parser stopped near character {pos} (the caret line under the string in the log marks it)."
    text += " MolFromSmiles returned None for it; code that does not check for None fails afterwards."
    fix = (
        "Drop or repair invalid rows before featurizing: mols = [Chem.MolFromSmiles(x) for x in smiles]; keep those that are not None.",
        "Read the file with its header (pd.read_csv(path)) and .str.strip() the SMILES column.",
    )
    return Explanation(text=text, fix=fix, derived={"error_kind": kind or "syntax"})
