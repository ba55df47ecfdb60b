"""Computed diagnosis for training.zero-iterations: which loop was empty, and at which step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = facts.get("global_step")
    if isinstance(step, int):
        loop = "training data iterator"
        if step > 0:
            text = (f"The Trainer restored step {step} and then found no batch in its epoch iterator: either the resumed "
                    "state had already reached max_steps / num_epochs, or the dataset is empty or exhausted.")
        else:
            text = "The Trainer's epoch iterator produced no batch at step 0: the training dataset is empty (or shorter than one batch with drop_last)."
        fix = ("Print len(train_dataset) after preprocessing; fix the split, path or filter that left it empty.",
               "For an IterableDataset set max_steps and make the stream repeat.")
        return Explanation(text=text, fix=fix, derived={"step_text": f" (stopped at step {step})", "loop": loop})
    return Explanation(
        text=("The epoch loop was empty (tqdm printed 0 iterations): the script most likely resumed from a checkpoint of "
              "the final epoch left in its output folder by an earlier run, so there was nothing left to train."),
        fix=("Move or delete the earlier run's checkpoints (or use a new output folder / --extra_tag) and start again.",),
        derived={"step_text": "", "loop": "epoch loop"},
    )
