"""Computed diagnosis for hf.trainer-no-loss: from the returned and received keys, why no loss was computed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LABEL_KEYS = {"labels", "label", "label_ids", "start_positions", "end_positions", "next_sentence_label", "mc_labels"}
_BASE_OUTPUTS = {"last_hidden_state", "pooler_output", "hidden_states", "encoder_last_hidden_state"}


def _keys(text: object) -> list[str]:
    return [k for k in str(text or "").split(",") if k]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "legacy-keyerror-loss":
        return Explanation(
            text=("Trainer.compute_loss read outputs['loss'] and the model output has no 'loss' entry (transformers 4.0-4.5 "
                  "print this KeyError; newer releases name the returned and received keys). Either no labels reached the "
                  "model, the model has no task head, or its forward() never computes a loss (e.g. Transformer-XL, custom models)."),
            fix=("Print one collated batch (next(iter(trainer.get_train_dataloader())).keys()): 'labels' must be there; for causal LM "
                 "use DataCollatorForLanguageModeling(tokenizer, mlm=False).",
                 "Use a model whose forward() returns a loss when given labels (AutoModelFor<Task>), or override Trainer.compute_loss.",
                 "Upgrade transformers to get the message that lists the returned and received keys."),
            derived={"cause": "legacy-keyerror"},
        )
    outs = _keys(facts.get("output_keys"))
    ins = _keys(facts.get("input_keys"))
    if not outs and not ins:
        return None
    derived: dict[str, Any] = {"output_keys": outs, "input_keys": ins}
    fix: list[str] = []
    has_labels = bool(set(ins) & _LABEL_KEYS)
    base_model = bool(set(outs) & _BASE_OUTPUTS) and "logits" not in outs
    if base_model:
        derived["cause"] = "no-head"
        text = (
            f"The model returned {', '.join(outs)}: hidden states of a base model without a task head, which never computes a loss."
        )
        fix.append("Load the task class: AutoModelForCausalLM / AutoModelForSequenceClassification(num_labels=N) / AutoModelForTokenClassification instead of AutoModel.")
        if not has_labels:
            fix.append("The batch also has no labels; add a labels column or an LM collator.")
    elif not has_labels:
        derived["cause"] = "no-labels"
        text = (
            f"The batch reaching the model had only {', '.join(ins) or 'no inputs'} - no labels - so the model returned "
            f"{', '.join(outs)} without a loss."
        )
        if set(ins) <= {"input_ids", "attention_mask", "token_type_ids", "position_ids"}:
            fix.append("Causal-LM training: use DataCollatorForLanguageModeling(tokenizer, mlm=False) (it builds labels from input_ids), or set labels = input_ids.copy() in preprocessing.")
        fix.append("Classification/seq2seq: name the target column 'labels' (dataset.rename_column('<your column>', 'labels')); remove_unused_columns drops columns whose names model.forward() does not accept.")
    else:
        derived["cause"] = "labels-ignored"
        text = (
            f"Labels were passed ({', '.join(k for k in ins if k in _LABEL_KEYS)}) but the model returned only {', '.join(outs)}: "
            "its forward() (custom, wrapped or patched) does not compute a loss from them."
        )
        fix.append("Make forward() return a 'loss' when labels are given, or subclass Trainer and override compute_loss(model, inputs, return_outputs=False, **kwargs).")
        fix.append("Check that the model class matches the task and that any wrapper (PEFT, a patched forward, a VLM adapter) passes labels through.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
