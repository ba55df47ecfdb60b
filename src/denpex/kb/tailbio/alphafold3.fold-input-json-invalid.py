"""Computed diagnosis for alphafold3.fold-input-json-invalid: per key / version, what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VERSION_OF_KEY = {
    "unpairedMsaPath": 2, "pairedMsaPath": 2, "mmcifPath": 2,
    "userCCDPath": 3,
    "description": 4,
}
_RENAMES = {
    "userccd": "userCCD", "userccdpath": "userCCDPath", "modelseeds": "modelSeeds",
    "bondedatompairs": "bondedAtomPairs", "unpairedmsa": "unpairedMsa", "pairedmsa": "pairedMsa",
    "ccdcodes": "ccdCodes", "smiles": "smiles", "seeds": "modelSeeds",
}
_ENTITIES = {"protein", "rna", "dna", "ligand", "ion", "proteinChain", "rnaSequence", "dnaSequence"}
_RELEASE_FOR_VERSION = {1: "3.0.0", 2: "3.0.1", 3: "3.0.1+ (a release listing 3 in JSON_VERSIONS)", 4: "3.0.2+"}


def _key_advice(key: str) -> str:
    if key in _VERSION_OF_KEY:
        v = _VERSION_OF_KEY[key]
        return (f"'{key}' is a format-version-{v} field: set \"version\": {v} or higher on an AlphaFold 3 that supports it "
                f"(upgrade), or drop it and inline the data (userCCD / unpairedMsa / mmcif strings).")
    low = key.lower()
    if low in _RENAMES and _RENAMES[low] != key:
        return f"'{key}' is misspelled: the key is '{_RENAMES[low]}' (case-sensitive)."
    if key in _ENTITIES:
        return (f"'{key}' is an entity type and belongs inside the sequences list: "
                f"\"sequences\": [{{\"{key if key in ('protein', 'rna', 'dna', 'ligand') else 'ligand'}\": {{\"id\": \"B\", ...}}}}].")
    if key in {"crosslinks", "crosslink"}:
        return f"'{key}' comes from the alphafold3x fork; upstream AlphaFold 3 does not know it (install the fork or remove the key)."
    if key in {"modelSeed", "seed"}:
        return f"'{key}' should be \"modelSeeds\": [1, 2, ...]."
    return f"'{key}' is not an AlphaFold 3 input key at that level; compare with docs/input.md of your release."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    keys = facts.get("keys")
    if keys:
        names = [k.strip() for k in str(keys).split(",") if k.strip()]
        advice = tuple(_key_advice(k) for k in names)
        diagnosis = f"unknown key(s) {', '.join(names)}"
        return Explanation(text=f"AlphaFold 3 does not accept the key(s) {', '.join(names)} where they appear in the JSON.",
                           fix=advice, derived={"diagnosis": diagnosis})
    version = facts.get("version")
    if version is not None:
        try:
            v = int(version)
        except (TypeError, ValueError):
            return None
        supported = [int(s) for s in str(facts.get("supported") or "").replace(" ", "").split(",") if s.isdigit()]
        top = max(supported) if supported else None
        diagnosis = f"input format version {v}, this AlphaFold 3 accepts {', '.join(map(str, supported)) or '?'}"
        if top is not None and v > top:
            text = (f"The JSON declares format version {v}, newer than this release understands (max {top}): "
                    "it was written for a newer AlphaFold 3 or copied from the main-branch docs.")
            need = _RELEASE_FOR_VERSION.get(v, "a newer release")
            fix = (f"Upgrade AlphaFold 3 to {need} (rebuild the image), or",
                   f"set \"version\": {top} and remove fields newer than version {top} "
                   "(v2: unpairedMsaPath/pairedMsaPath/mmcifPath, v3: userCCDPath, v4: description).")
        else:
            text = f"Format version {v} is not one this AlphaFold 3 knows ({', '.join(map(str, supported))})."
            fix = (f"Set \"version\" to one of {', '.join(map(str, supported))}.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    dialect = facts.get("dialect")
    if dialect:
        diagnosis = f"dialect '{dialect}' is not 'alphafold3'"
        return Explanation(text=f"The JSON says dialect {dialect}; an object-style input must say \"dialect\": \"alphafold3\" "
                                "(AlphaFold Server files are a top-level list with dialect alphafoldserver).",
                           fix=("Set \"dialect\": \"alphafold3\" and \"version\": 1..4 for AlphaFold 3 inputs.",),
                           derived={"diagnosis": diagnosis})
    detail = facts.get("detail")
    if detail:
        return Explanation(text=f"The JSON fails a structural check: {detail}.",
                           fix=("Required: dialect, version, name, non-empty modelSeeds, a sequences list with unique upper-case ids.",),
                           derived={"diagnosis": str(detail)})
    if sig == "load-wrapper":
        path = facts.get("json_path") or "the input"
        return Explanation(text=f"Loading {path} failed; the specific reason is the ValueError printed just above this line "
                                "(chained exception) or after the colon.",
                           fix=("Read the first ValueError of the traceback (Unexpected JSON keys / unsupported version / ...).",),
                           derived={"diagnosis": f"{path} failed validation"})
    return None
