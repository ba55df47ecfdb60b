"""Computed diagnosis for alphafold.template-mmcif-missing: which file/directory, and how to get it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pdb_id = facts.get("pdb_id")
    mmcif_dir = facts.get("mmcif_dir")
    path = facts.get("path")
    if isinstance(pdb_id, str) and pdb_id:
        pid = pdb_id.lower()
        folder = path.rsplit("/", 1)[0] if isinstance(path, str) and "/" in path else "<template_mmcif_dir>"
        text = (f"A template hit points at PDB entry {pid.upper()}, but {folder}/{pid}.cif is not in the local mmCIF mirror. "
                "The search database (pdb70/pdb_seqres) and the mirror are out of step, or the entry is obsolete and "
                "obsolete.dat does not remap it.")
        fix = (f"grep -i {pid} {folder.rsplit('/', 1)[0] if '/' in folder else '<pdb_mmcif>'}/obsolete.dat  # obsolete? pass --obsolete_pdbs_path",
               f"wget https://files.rcsb.org/download/{pid.upper()}.cif -O {folder}/{pid}.cif",
               "Re-sync the mirror (download_pdb_mmcif.sh) together with pdb_seqres/pdb70 and obsolete.dat.")
        return Explanation(text=text, fix=fix, derived={"missing": f"{pid}.cif", "diagnosis": f"template {pid.upper()} not in mirror"})
    if isinstance(mmcif_dir, str) and mmcif_dir:
        hint = ""
        if not mmcif_dir.rstrip("/").endswith("mmcif_files"):
            hint = " The path does not end in mmcif_files: the flag probably points at the parent pdb_mmcif directory."
        text = f"{mmcif_dir} contains no *.cif files.{hint}"
        fix = ("--template_mmcif_dir=<data>/pdb_mmcif/mmcif_files (and mount it into the container)",
               "ls <dir> | wc -l should show ~200k files; otherwise re-run download_pdb_mmcif.sh.")
        return Explanation(text=text, fix=fix, derived={"missing": f"*.cif in {mmcif_dir}", "diagnosis": "template mmCIF directory empty or wrong"})
    return None
