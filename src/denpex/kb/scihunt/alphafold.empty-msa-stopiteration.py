"""Computed diagnosis for alphafold.empty-msa-stopiteration: which pipeline, reused MSA or failed search."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pre = str(facts.get("precomputed") or "")
    multimer = bool(facts.get("multimer"))
    where = "msas/<chain>/uniref90_hits.sto of one chain" if multimer else "msas/uniref90_hits.sto"
    if pre:
        diagnosis = "empty precomputed MSA reused"
        text = (f"The run reuses precomputed MSAs ({pre}) and {where} is empty: an earlier, interrupted run left it behind.")
        fix = (f"Delete {where} (or the whole msas folder of the target) and rerun so jackhmmer recomputes it.",
               "Before reusing MSAs, check every .sto is non-empty.")
    else:
        diagnosis = "uniref90 jackhmmer output empty"
        text = (f"The uniref90 jackhmmer output ({where}) has no sequences: the search did not complete "
                "(killed for memory, disk full, or an unreadable/incomplete uniref90 database).")
        fix = ("Check the jackhmmer lines above the crash and free memory/disk for the MSA stage.",
               "ls -l the uniref90.fasta given by --uniref90_database_path (tens of GB); re-download if small.",
               f"Delete {where} and rerun.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
