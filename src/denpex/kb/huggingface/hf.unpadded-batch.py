"""Computed diagnosis for hf.unpadded-batch: what the feature named in the message says about the fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INPUTS = {"input_ids", "attention_mask", "token_type_ids", "position_ids", "decoder_input_ids", "decoder_attention_mask", "special_tokens_mask"}
_LABELS = {"labels", "label", "label_ids", "start_positions", "end_positions"}
_PIXELS = {"pixel_values", "input_features", "input_values", "pixel_mask", "image", "images", "audio"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    feature = facts.get("feature")
    inner = str(facts.get("inner") or "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    m = re.search(r"expected sequence of length (\d+) at dim (\d+) \(got (\d+)\)", inner)
    if m:
        derived["row_lengths"] = [int(m.group(1)), int(m.group(3))]
        parts.append(f"The original error shows rows of length {m.group(1)} and {m.group(3)} in the same batch: the feature was not padded.")
    strings = "too many dimensions 'str'" in inner or "convert string to float" in inner.lower()
    if strings:
        derived["string_values"] = True
        parts.append("The original error shows string values: a text column (or string labels) reached the tensor conversion.")
    if feature is None:
        if not parts:
            return None
        fix.append("Pad the batch (padding=True / DataCollatorWithPadding) and remove string columns before training.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    f = str(feature)
    derived["feature"] = f
    if f in _INPUTS:
        derived["kind"] = "model-inputs"
        parts.insert(0, f"'{f}' has rows of different lengths: the inputs were batched without padding.")
        fix.append("Tokenize with padding: tokenizer(texts, padding=True, truncation=True, max_length=N, return_tensors='pt'); in dataset.map drop return_tensors and use DataCollatorWithPadding(tokenizer) to pad per batch.")
        fix.append("If the tokenizer has no pad token, reuse EOS first (tokenizer.pad_token_id = tokenizer.eos_token_id).")
    elif f in _LABELS:
        derived["kind"] = "labels"
        if strings:
            parts.insert(0, f"'{f}' holds strings: class labels were never mapped to integer ids.")
            fix.append("Encode labels: dataset = dataset.class_encode_column('label') or map with label2id = {name: i for i, name in enumerate(sorted(names))}.")
        else:
            parts.insert(0, f"'{f}' rows differ in length: sequence labels are not padded (DataCollatorWithPadding pads inputs only).")
            fix.append("Use DataCollatorForSeq2Seq(tokenizer, model=model, label_pad_token_id=-100) for generation targets / causal-LM labels, or DataCollatorForTokenClassification(tokenizer) for tag sequences.")
            fix.append("Or pad labels to the inputs' length yourself with -100 (never with pad_token_id, which would enter the loss).")
    elif f in _PIXELS:
        derived["kind"] = "media"
        parts.insert(0, f"'{f}' differs in size between samples: images/audio were not resized or padded to one shape.")
        fix.append("Let the processor resize/pad: image_processor(images, return_tensors='pt') with its default size, or feature_extractor(audio, padding=True, return_tensors='pt').")
    else:
        derived["kind"] = "extra-column"
        parts.insert(0, f"'{f}' is not a tokenized model input: a raw column of the dataset reached the collator (usually text that should have been removed after tokenization).")
        fix.append(f"Remove it after tokenizing: dataset = dataset.map(tokenize, batched=True, remove_columns=dataset.column_names) (or remove_columns=['{f}']).")
        fix.append("Keep TrainingArguments(remove_unused_columns=True) (the default) unless a custom collator needs the raw columns; for SFTTrainer pass the text field via dataset_text_field instead of pre-tokenizing it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
