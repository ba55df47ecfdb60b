"""Computed diagnosis for alphafold.msa-tool-failed: which tool/database, and what the stderr says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLAGS = {
    "uniref90": "--uniref90_database_path",
    "mgy_clusters": "--mgnify_database_path",
    "mgnify": "--mgnify_database_path",
    "uniprot": "--uniprot_database_path",
    "bfd": "--bfd_database_path",
    "uniref30": "--uniref30_database_path",
    "uniclust30": "--uniclust30_database_path",
    "pdb70": "--pdb70_database_path",
    "pdb_seqres": "--pdb_seqres_database_path",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tool = str(facts.get("tool") or "")
    if not tool:
        return None
    db = str(facts.get("database") or "")
    detail = str(facts.get("detail") or "")
    flag = next((f for k, f in _FLAGS.items() if k in db.lower()), "")
    where = f" against {db}" if db else ""
    fix: list[str] = []
    if any(k in detail for k in ("slurp", "Parse failed", "Failed to open", "ould not open", "No such file")):
        cause = "database unreadable"
        text = f"{tool}{where} could not read its input or database ({detail}): the path is wrong, not mounted into the container, or the download is incomplete."
        fix.append(f"Check the file exists and is complete inside the container{(' (' + flag + ')') if flag else ''}; re-download it with scripts/download_*.sh if its size is off.")
    elif any(k in detail.lower() for k in ("out of memory", "memory allocation", "killed")):
        cause = "out of memory"
        text = f"{tool}{where} ran out of memory ({detail})."
        fix.append("Run the MSA stage with more RAM (jackhmmer on uniref90/mgnify needs tens of GB) or use --db_preset=reduced_dbs.")
    elif "No space left" in detail:
        cause = "disk full"
        text = f"{tool}{where} filled the disk with its alignment output."
        fix.append("export TMPDIR=/scratch/$USER/tmp (a large local disk) before running AlphaFold.")
    elif detail:
        cause = "tool error"
        text = f"{tool}{where} exited with an error: {detail}."
        fix.append("Re-run the 'Launching subprocess' command from the log by hand to see the full error.")
    else:
        cause = "no stderr"
        text = f"{tool}{where} exited non-zero without a message: typically killed for memory or out of /tmp space."
        fix.append("Check dmesg for 'Killed process' and df -h $TMPDIR; give the job more RAM and a large TMPDIR.")
    fix.append("Once MSAs exist, rerun with --use_precomputed_msas to skip the searches.")
    return Explanation(text=text, fix=tuple(fix), derived={"cause": cause})
