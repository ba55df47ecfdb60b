"""Computed diagnosis for nnunet.background-workers-died: which worker pool died and what to lower."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAGES = {
    "v2-workers-died": (
        "the preprocessing workers of nnUNetv2_predict",
        "nnUNetv2_predict ... -npp 1 -nps 1 (TotalSegmentator: --nr_thr_resamp 1 --nr_thr_saving 1)",
    ),
    "v2-export-workers": (
        "the segmentation export pool (nnUNetv2_predict, or the final validation of nnUNetv2_train)",
        "nnUNetv2_predict ... -nps 1 (export processes); for the validation after training: "
        "export nnUNet_def_n_proc=1 and rerun nnUNetv2_train ... --val",
    ),
    "batchgenerators": (
        "the batchgenerators data-augmentation workers",
        "export nnUNet_n_proc_DA=4 (or lower) before nnUNetv2_train / nnUNet_train",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig not in _STAGES:
        return None
    stage, lower = _STAGES[sig]
    text = (
        f"A process of {stage} ended. If a 'Process SpawnProcess-N' traceback is printed above this error, "
        "that exception is the failure; if nothing is printed, the OS killed the worker (host RAM or /dev/shm full)."
    )
    fix = (
        "Read the worker traceback above the RuntimeError and fix that error first.",
        f"No traceback: lower the workers - {lower}.",
        "In Docker add --shm-size=8g (or --ipc=host); check dmesg for 'Killed process' to confirm the OOM killer.",
    )
    return Explanation(text=text, fix=fix, derived={"wording": sig, "stage": stage})
