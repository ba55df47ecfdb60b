"""Computed diagnosis for lightning.checkpoint-weights-only: which training state is missing and how to start from the weights."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    state = str(facts.get("state") or "").strip()
    if not state:
        return None
    load = ("Start from the weights instead of resuming: model = MyModel.load_from_checkpoint(PATH) "
            "(or model.load_state_dict(torch.load(PATH, map_location='cpu')['state_dict'])), then trainer.fit(model, ...) with no ckpt_path / resume_from_checkpoint.")
    if state == "learning rate scheduler":
        text = ("The checkpoint has optimizer state but no lr_schedulers entry: it was saved by a run without a scheduler, "
                "or post-processed, and this run's configure_optimizers returns a scheduler to restore.")
        fix = (load, "Or resume with the same configure_optimizers (no scheduler) as the run that wrote it, then add the scheduler in a new fit.")
    else:
        old = " (this wording is from Lightning <= 1.1)" if state == "training" else ""
        text = ("The file passed as ckpt_path / resume_from_checkpoint has model weights but no optimizer_states: it was written with "
                "ModelCheckpoint(save_weights_only=True) / save_checkpoint(weights_only=True), or it is a released/pruned model file. "
                f"Such a file can initialise a model but cannot resume a run{old}.")
        fix = (load,
               "In project scripts use the 'init from weights' / finetune option, not --resume.",
               "For resumable runs: ModelCheckpoint(save_weights_only=False, save_last=True) and fit(ckpt_path='last').")
    return Explanation(text=text, fix=fix, derived={})
