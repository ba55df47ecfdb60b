"""Computed diagnosis for trl.preference-dataset-keys: schema problem or TRL version mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_COLUMNS = {"prompt", "chosen", "rejected", "completion", "label", "images"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    if not key:
        return None
    where = str(facts.get("trainer_file") or "")
    at = f" (in trl/trainer/{where}.py)" if where else ""
    if key in _COLUMNS:
        text = (f"The preference data has no '{key}' column{at}: TRL reads fixed column names "
                "(prompt, chosen, rejected; KTO: prompt, completion, label).")
        fix = ("Rename the columns, e.g. dataset.rename_columns({'query': 'prompt', 'response': 'chosen', 'rejected_response': 'rejected'}).",
               "If a wrapper (ms-swift, a research repo) converts its own format: install the trl version it pins.")
    elif key.endswith("_labels"):
        text = (f"'{key}' is a per-row key that TRL <= 0.11 produced and newer TRL no longer does{at}: the code reading it was written for an older TRL.")
        fix = ("Pin the TRL the repository was written for (see its requirements), e.g. pip install 'trl<0.12'.",
               "Or port the subclass to the current DPOTrainer (concatenated_forward builds labels from input ids and masks).")
    else:
        text = (f"The batch has no '{key}'{at}: rows were not tokenized by this TRL's tokenize_row "
                "(a wrapper tokenized for another TRL release, or remove_unused_columns / a custom collator dropped the columns).")
        fix = ("Install the trl version the wrapper pins (pip show trl vs its requirements).",
               "Let DPOTrainer tokenize raw prompt/chosen/rejected text itself, and keep its default collator.")
    return Explanation(text=text, fix=fix, derived={"key": key})
