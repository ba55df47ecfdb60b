"""Computed diagnosis for lightning.best-checkpoint-missing: no ModelCheckpoint at all vs one that saved nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("fn") or "test").strip() or "test"
    saving = bool(str(facts.get("saving") or "").strip())
    call = f"trainer.{fn}"
    if not saving:
        text = (f"{call}(ckpt_path=\"best\") needs a ModelCheckpoint callback, and this Trainer has none: checkpointing is disabled "
                "(enable_checkpointing=False) or the callbacks list replaced it.")
        fix = (f"Use the weights in memory: {call}(model, ..., ckpt_path=None), or pass a file: ckpt_path='path/to/x.ckpt'.",
               "Or add ModelCheckpoint(monitor='val_loss', save_top_k=1) to callbacks and enable_checkpointing=True so 'best' exists after fit.")
    else:
        legacy = facts.get("fn") is None
        text = (f"{call}(ckpt_path=\"best\") found no best checkpoint path: the ModelCheckpoint saved nothing during this Trainer's fit "
                "(save_top_k=0, monitored metric never logged, no validation, save interval never reached, fast_dev_run), "
                "or this Trainer never ran fit (new Trainer / new process).")
        if legacy:
            text += " On Lightning <= 1.2 a bare trainer.test() means ckpt_path='best'."
        fix = (f"Test the current weights: {call}(model, ...) (pass the model; ckpt_path=None).",
               f"Or test a saved file explicitly: {call}(model, ckpt_path=trainer.checkpoint_callback.best_model_path or 'path/to/epoch=N.ckpt').",
               "To have a 'best': self.log('val_loss', ...) in validation_step, ModelCheckpoint(monitor='val_loss', save_top_k=1), no fast_dev_run.")
    return Explanation(text=text, fix=fix, derived={} if facts.get("fn") else {"fn": "test"})
