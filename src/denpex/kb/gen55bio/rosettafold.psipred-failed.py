"""Computed diagnosis for rosettafold.psipred-failed: which step of make_ss.sh broke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    if not detail:
        return None
    sig = facts.get("_signature")
    if sig == "csbuild-missing" or "csbuild" in detail:
        step = "csblast"
        text = "csblast's csbuild is not installed where make_ss.sh looks for it, so no profile and no PSIPRED prediction were made."
        fix = ("Run ./install_dependencies.sh in the RoseTTAFold folder, then rerun from an empty output folder.",)
    elif sig == "makemat-fatal" or "makemat" in detail or "checkpoint" in detail:
        step = "makemat"
        text = f"Legacy BLAST makemat found no checkpoint ({detail}): the csbuild/blastpgp step before it failed or legacy BLAST is missing."
        fix = (
            "Check csbuild exists (./install_dependencies.sh) and that makemat/blastpgp are legacy BLAST (conda install -c bioconda blast-legacy=2.2.26).",
            "Use a plain FASTA header (>target) without special characters.",
        )
    elif sig == "psipred-pass1-format":
        step = "psipred"
        text = "psipass2 got an empty PSIPRED pass-1 file: an earlier make_ss.sh step (csbuild, makemat or psipred) failed - see log/make_ss.stderr."
        fix = ("Read the first error in log/make_ss.stderr and install the missing tool (./install_dependencies.sh, blast-legacy).",)
    else:
        step = "hhsearch"
        text = "hhsearch found an empty ss_pred record: the secondary-structure step (make_ss.sh) failed before it; hhsearch only reports the consequence."
        fix = ("cat log/make_ss.stderr for the real failure (csbuild, makemat, psipred), fix it, and rerun from an empty output folder.",)
    return Explanation(text=text, fix=fix, derived={"failed_step": step})
