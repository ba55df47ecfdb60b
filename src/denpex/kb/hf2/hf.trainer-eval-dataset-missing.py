"""Computed diagnosis for hf.trainer-eval-dataset-missing: when the check fired and what that implies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "init-check":
        strat = str(facts.get("strategy") or "").split(".")[-1].lower() or "steps"
        return Explanation(
            text=(f"transformers 4.41+ refused to build the Trainer: eval_strategy is '{strat}' but eval_dataset is None. "
                  "No training was done yet."),
            fix=("Pass eval_dataset=... to the Trainer, or set eval_strategy='no' (and load_best_model_at_end=False).",),
            derived={"when": f"at construction, eval_strategy={strat}"},
        )
    if sig == "get-eval-dataloader":
        return Explanation(
            text=("The Trainer reached an evaluation (eval_steps, epoch end, load_best_model_at_end, or an explicit "
                  "trainer.evaluate()) with no eval_dataset. On transformers < 4.41 this happens only after training up to that point: "
                  "checkpoints saved earlier are intact."),
            fix=("Give the Trainer an eval_dataset (or ds.train_test_split(test_size=0.01)); LLaMA-Factory: --val_size 0.01.",
                 "Or disable evaluation: eval_strategy='no', no do_eval, remove trainer.evaluate() from the script."),
            derived={"when": "at the first evaluation"},
        )
    return None
