"""Computed diagnosis for rdkit.sanitization-failed: which atom, which element, what usually fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX = {"C": 4, "N": 3, "O": 2, "S": 6, "P": 5, "F": 1, "Cl": 1, "Br": 1, "I": 1, "B": 3, "H": 1}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    idx = facts.get("atom_index")
    if sig == "explicit-valence":
        el = str(facts.get("element") or "")
        val = facts.get("valence")
        allowed = _MAX.get(el)
        vtxt = f" has {val} bonds" if isinstance(val, int) else " has too many bonds"
        text = f"Atom #{idx} ({el}){vtxt}" + (f"; a neutral {el} allows {allowed}." if allowed else ".")
        fix: list[str] = []
        if el == "N" and val == 4:
            text += " A four-bonded nitrogen is an ammonium/nitro N that needs a +1 formal charge."
            fix.append(f"Write it as [N+] (nitro: [N+](=O)[O-]) or m.GetAtomWithIdx({idx}).SetFormalCharge(1); Chem.SanitizeMol(m).")
        elif el == "C" and isinstance(val, int) and val >= 5:
            text += " A five-bonded carbon means wrong bond orders (PDB/XYZ source) or hydrogens added twice."
            fix.append("Assign bond orders from the SMILES template: AllChem.AssignBondOrdersFromTemplate(template, mol).")
        elif el == "O" and isinstance(val, int) and val >= 3:
            text += " A three-bonded oxygen is an oxonium that needs [O+], or a wrong bond order."
            fix.append(f"Set the charge ([O+]) or correct the bond orders around atom {idx}.")
        fix.append(f"Inspect it: m = Chem.MolFromSmiles(s, sanitize=False); a = m.GetAtomWithIdx({idx}); print(a.GetSymbol(), a.GetFormalCharge(), a.GetTotalNumHs(), [b.GetBondType() for b in a.GetBonds()]).")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": f"valence of atom {idx} ({el})"})
    if sig == "cant-kekulize":
        atoms = str(facts.get("unkekulized") or "").split()
        text = ("RDKit cannot assign alternating bonds to the aromatic system"
                + (f" of atoms {', '.join(atoms)}" if atoms else "")
                + ": usually an aromatic nitrogen needs an explicit H ([nH]) or the ring is not truly aromatic.")
        fix = ("Write the pyrrole-type nitrogen as [nH] or give a Kekulé SMILES (uppercase atoms with explicit double bonds).",
               "For structures from files, assign bond orders from a template instead of aromatic flags.")
        return Explanation(text=text, fix=fix, derived={"problem": "kekulization"})
    if sig == "nonring-aromatic":
        text = f"Atom #{idx} is flagged aromatic but is not in a ring: the SMILES uses a lowercase atom outside a ring (or a ring closure is missing)."
        fix = (f"Use the uppercase element for atom {idx} or close the ring it belongs to.",)
        return Explanation(text=text, fix=fix, derived={"problem": "aromatic flag outside a ring"})
    return None
