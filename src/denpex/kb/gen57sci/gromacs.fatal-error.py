"""Computed diagnosis for gromacs.fatal-error: which input the GROMACS fatal error points at and how to fix it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

# (reason regex, kind, explanation, fixes)
_KINDS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (r"Too many warnings", "grompp warnings not accepted",
     "grompp printed WARNING blocks above and refuses to write the .tpr while more warnings than -maxwarn allows (0 by default) remain.",
     ("Read every 'WARNING n [file F, line L]' block above the fatal error and fix its cause (gmx genion -neutral for a net charge with PME, gen_vel/continuation consistent, -r for position restraints).",
      "Only when each warning has been read and is acceptable: rerun grompp with -maxwarn equal to that number.")),
    (r"not found in residue topology database|^Residue '?\S+'? not found", "residue unknown to the force field",
     "pdb2gmx met a residue the chosen force field has no entry for (a ligand, ion, modified residue or a name variant such as HIS/HIE).",
     ("Rename the residue to the force field's name, remove ligands before pdb2gmx and parameterize them separately (CGenFF, ACPYPE/GAFF), then #include their .itp.",)),
    (r"not found in (?:rtp entry|buiding block|building block)|while combining tdb and rtp", "atom name unknown to the residue/terminus",
     "An atom name in the structure is not in the force field's building block for that residue or terminus.",
     ("Use -ignh to drop and rebuild hydrogens, rename atoms to the force field's names, and choose termini explicitly with -ter (N-terminal MET needs it with some force fields).",)),
    (r"not found in atomtype database|Unknown atomtype|Atomtype \S+ not found", "atom type missing from the force field",
     "The topology or residue database uses an atom type that no [ atomtypes ] section of the included force field defines.",
     ("Include the force field (or ligand) file that defines the atom type before the first [ moleculetype ], or fix the type name.",)),
    (r"does not match topology|number of coordinates in coordinate file", "coordinates and topology disagree",
     "The number of atoms in the coordinate file differs from what the topology's [ molecules ] section adds up to.",
     ("Update [ molecules ] at the end of topol.top so the counts and order match the .gro (gmx solvate / gmx genion -p topol.top do it when given the topology).",)),
    (r"No such moleculetype", "molecule type not included",
     "[ molecules ] lists a molecule whose [ moleculetype ] was never included.",
     ("Add the #include for that molecule's .itp (ligand, ions, water model) before [ system ] / [ molecules ], with matching names.",)),
    (r"Cannot find position restraint file", "position restraint reference missing",
     "Since GROMACS 2018 grompp needs the position-restraint reference coordinates given explicitly.",
     ("Pass -r <file>.gro (usually the same file as -c) to grompp.",)),
    (r"cut-off length is longer than half the shortest box vector|box .* too small", "box too small for the cut-off",
     "The periodic box is smaller than twice the cut-off, so an atom would interact with its own image.",
     ("Enlarge the box (gmx editconf -d 1.0 -bt dodecahedron) and re-solvate, or shorten rlist/rcoulomb/rvdw consistently.",)),
    (r"no domain decomposition", "no domain decomposition for the rank count",
     "mdrun cannot split this (small) system over the requested number of MPI ranks.",
     ("Run with fewer ranks (-ntmpi 1 plus OpenMP threads -ntomp), or set -dd / -npme explicitly.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    program = str(facts.get("program") or "").strip()
    warnings = as_int(facts.get("warnings"))
    if warnings is not None and not reason:
        reason = f"Too many warnings ({warnings})."
    if not reason:
        return None
    derived: dict[str, Any] = {"reason": reason}
    if not program:
        derived["program"] = "gmx grompp" if warnings is not None or "maxwarn" in reason or "warning" in reason.lower() else "gmx"
    where = ""
    if facts.get("warning_file"):
        where = f" The first WARNING is in {facts['warning_file']}"
        if facts.get("warning_line"):
            where += f" line {facts['warning_line']}"
        where += "."
        if facts.get("warning_text"):
            where += f" It begins: '{facts['warning_text'].strip()}'."
    for rx, kind, text, fixes in _KINDS:
        if re.search(rx, reason, re.IGNORECASE):
            derived["kind"] = kind
            extra = ""
            if kind == "grompp warnings not accepted" and warnings:
                extra = f" {warnings} warning(s) were counted."
                if "net charge" in str(facts.get("warning_text") or "") or "net charge" in reason:
                    extra += " A net charge with Ewald/PME is fixed by adding counter ions (gmx genion -neutral) rather than by -maxwarn."
            return Explanation(text=text + extra + where, fix=fixes, derived=derived)
    derived["kind"] = "other input check"
    return Explanation(
        text=f"GROMACS rejected its input: '{reason}'. The file and line that triggered it are named in the message or in the NOTE/WARNING blocks just above." + where,
        fix=("Fix the input the reason names and rerun the same command; the GROMACS user guide's 'common errors' page lists most wordings.",),
        derived=derived,
    )
