"""Computed diagnosis for biopython.pdb-construction-error: which structural defect the message names."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


_DUP_ATOM = re.compile(r"Atom (\S{1,8}) defined twice in residue <Residue (\S{1,6}) het=\S{0,8}\s+resseq=(-?\d{1,6})")
_LINE = re.compile(r" at line (\d{1,9})")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    message = str(facts.get("message") or "").strip()
    dup = _DUP_ATOM.search(message)
    atom, resname, resseq = dup.groups() if dup else (None, None, None)
    line = _LINE.search(message)
    line_no = line.group(1) if line else None
    where = f" (file line {line_no})" if line_no else ""
    fix: list[str] = []
    if atom:
        diagnosis = f"atom {atom} appears twice in residue {resname} {resseq}{where}"
        text = (f"Residue {resname} {resseq} holds two atoms named {atom} with no alternate-location letter, so Bio.PDB "
                "cannot place the second one. The structure file has duplicated records (merged/edited file, repeated "
                "ligand atom names, or an mmCIF the parser cannot represent).")
        fix.append(f"Remove or rename the duplicated {atom} record of {resname} {resseq}, or give the copies altloc letters; "
                   "for a template/mirror file, drop that entry and rerun.")
    elif "Blank altlocs in duplicate residue" in message:
        diagnosis = f"a residue number is reused without altloc letters{where}"
        text = ("Two residues share one residue id and at least one of them has atoms with a blank altloc, which Bio.PDB "
                "only accepts as disorder with altloc letters.")
        fix.append("Renumber the residues (pdb_reres) or keep one alternate location (pdb_selaltloc) before parsing.")
    elif "coordinate" in message or "occupancy" in message or "B factor" in message:
        diagnosis = f"unreadable numeric column{where}"
        text = ("A coordinate/occupancy/B-factor column could not be read as a number; the strict parser stops instead of "
                "skipping the record.")
        fix.append("Rewrite the file with a proper PDB writer (gemmi convert, pdbfixer) or parse with PERMISSIVE=True.")
    elif "defined twice" in message:
        diagnosis = f"a chain or residue id is added twice{where}"
        text = ("An entity id (chain, or a hetero/water residue id) occurs twice in the same parent, so Entity.add refuses "
                "the second copy.")
        fix.append("Make chain ids and residue numbers unique (split models, renumber waters/ligands) and rerun.")
    else:
        diagnosis = f"{message[:120] or 'malformed structure record'}"
        text = ("Bio.PDB met a record it cannot place in the model/chain/residue/atom hierarchy; the message names the "
                "record and the file is the thing to fix.")
        fix.append("Open the structure at the named residue/line, repair or drop the record, or skip the file.")
    fix.append("To keep a batch going, catch PDBConstructionException per file and skip it, or parse with PERMISSIVE=True, QUIET=True.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
