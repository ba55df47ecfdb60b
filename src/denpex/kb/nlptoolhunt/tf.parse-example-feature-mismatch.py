"""Computed diagnosis for tf.parse-example-feature-mismatch: which flag/shape disagrees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BERT = {
    "masked_lm_positions": "max_predictions_per_seq",
    "masked_lm_ids": "max_predictions_per_seq",
    "masked_lm_weights": "max_predictions_per_seq",
    "input_ids": "max_seq_length",
    "input_mask": "max_seq_length",
    "segment_ids": "max_seq_length",
    "next_sentence_labels": "(a scalar: records from another task)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    if not key:
        return None
    flag = _BERT.get(key, "")
    if facts.get("dtype") and facts.get("values_size") is None and not flag:
        # the required-feature form: the record lacks the key altogether
        return Explanation(
            text=(f"The reader declares '{key}' ({facts['dtype']}) as a FixedLenFeature without a default, and at least one "
                  f"record has no feature of that name: the files were written by another version of the writer, or with "
                  f"another feature name."),
            fix=(f"List a record's keys (tf.train.Example.FromString(next(iter(tf.data.TFRecordDataset(path))).numpy())) and "
                 f"rename '{key}' in the feature spec, or give it default_value= / drop it from the spec if it is optional.",),
            derived={"diagnosis": f"feature '{key}' missing from the records"},
        )
    size = facts.get("values_size")
    shape = str(facts.get("expected_shape") or "").strip()
    sizes = ""
    if size is not None and shape:
        sizes = f" Each record holds {size} values for it, the reader expects shape [{shape}]."
    derived: dict[str, Any] = {}
    if flag.startswith("max_"):
        derived["flag"] = flag
        derived["diagnosis"] = f"--{flag} differs between data creation and training"
        text = (f"Feature '{key}' is padded to --{flag} by create_pretraining_data.py / the feature writer, and the "
                f"training script declares its own --{flag}: the two values differ.{sizes}")
        fix: tuple[str, ...] = (f"Use the same --{flag} in create_pretraining_data.py and run_pretraining.py (or regenerate the TFRecords).",)
        if size is not None and shape and flag == "max_predictions_per_seq":
            fix += (f"The files were written with --max_predictions_per_seq={size}.",)
        elif size is not None and shape and flag == "max_seq_length":
            fix += (f"The files were written with --max_seq_length={size}.",)
    else:
        derived["diagnosis"] = f"feature '{key}' length/dtype differs from the FixedLenFeature"
        text = f"The records' feature '{key}' does not match the FixedLenFeature the reader declares (length or dtype).{sizes}"
        fix = (f"Declare '{key}' with the shape/dtype the files hold" + (f" (shape [{size}])" if size is not None else "")
               + ", or use tf.io.VarLenFeature for variable-length data.",)
    return Explanation(text=text, fix=fix, derived=derived)
