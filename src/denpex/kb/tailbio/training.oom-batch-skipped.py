"""Computed diagnosis for training.oom-batch-skipped: prediction run vs training loop, failed count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    failed = facts.get("failed")
    try:
        failed = int(failed) if failed is not None else None
    except (TypeError, ValueError):
        failed = None
    batch = facts.get("batch")
    if failed is not None:
        if failed == 0:
            return Explanation(text="A batch ran out of memory but the writer reports 0 failed examples: a retry or a later batch covered it.",
                               fix=("Check the outputs; lower --diffusion_samples if the warning repeats.",),
                               derived={"failed_text": " (0 failed examples reported)", "outcome": "0 failed examples reported"})
        text = (f"boltz predict skipped {failed} input(s) after CUDA out of memory; they have no output although the command "
                "exits 0.")
        fix = ("Rerun the failed inputs with --diffusion_samples 1 (then raise it), --recycling_steps 3, and --max_msa_seqs 1024 or less.",
               "Move complexes with many tokens (long chains, many ligand atoms) to a GPU with 80 GB, or split the complex.",
               "Make the pipeline fail when 'Number of failed examples' is not 0.")
        return Explanation(text=text, fix=fix, derived={"failed_text": f": {failed} example(s) produced no output", "outcome": f"{failed} example(s) produced no output"})
    where = f" (batch {batch})" if batch else ""
    text = (f"A CUDA out-of-memory error was caught and the batch{where} dropped; the run continued without it, "
            "so data is silently missing (training) or an input has no prediction (inference).")
    fix = ("Reduce the per-batch memory: smaller batch/crop size, fewer samples in parallel, mixed precision or gradient checkpointing.",
           "Count the warnings (grep -c 'ran out of memory' log); more than a few means the setting does not fit this GPU.")
    return Explanation(text=text, fix=fix, derived={"failed_text": where, "outcome": f"batch{where} dropped, the run went on without it"})
