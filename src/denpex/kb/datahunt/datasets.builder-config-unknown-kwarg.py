"""Computed diagnosis for datasets.builder-config-unknown-kwarg: what the keyword is and what to pass instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# key -> (diagnosis, what happened, fix)
_KEYS = {
    "token": ("datasets older than 2.14",
              "load_dataset accepts token= from datasets 2.14 on; this older release forwarded it to the builder config.",
              "pip install -U 'datasets>=2.14' (or, on the old release, pass use_auth_token=... / log in with huggingface-cli login)."),
    "use_auth_token": ("use_auth_token removed (datasets 3.0+)",
                       "use_auth_token= was deprecated in datasets 2.14 and removed in 3.0, so it reaches the builder config.",
                       "Pass token=... instead (or set HF_TOKEN / huggingface-cli login)."),
    "ignore_verifications": ("ignore_verifications removed (datasets 3.0+)",
                             "ignore_verifications= was replaced by verification_mode= and removed in datasets 3.0.",
                             "Pass verification_mode='no_checks' instead."),
    "task": ("task= removed (datasets 3.0+)",
             "The task templates (task=) were removed in datasets 3.0.",
             "Drop task= and rename/cast the columns yourself (ds.rename_column, ds.cast_column)."),
    "columns": ("columns= not supported by this builder",
                "Only some builders (parquet) take columns=; JSON/CSV/text configs have no such option.",
                "Load everything, then ds = ds.select_columns([...]) (or remove_columns)."),
    "test_size": ("split options are not load options",
                  "test_size belongs to Dataset.train_test_split, not to loading.",
                  "ds = load_dataset(...)['train'].train_test_split(test_size=...)."),
    "engine": ("engine= not a datasets option",
               "The JSON/CSV builders of datasets have no engine option (a wrapper passed its own keyword through).",
               "Remove engine= or upgrade the wrapper library to a release that matches the installed datasets."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not key:
        return None
    key = str(key)
    cls = str(facts.get("config_class") or "the builder config")
    if key in _KEYS:
        diagnosis, what, fix_line = _KEYS[key]
        text = f"'{key}' reached {cls}, which has no such field: {what}"
        fix = (fix_line,)
    else:
        diagnosis = f"unknown load option '{key}'"
        text = (f"'{key}' is neither a load_dataset argument in the installed datasets nor a field of {cls}: it belongs to "
                "another datasets version, another file format's builder, or a post-processing step.")
        fix = ("Check the keywords of the installed version: python -c \"import datasets, inspect; print(inspect.signature(datasets.load_dataset))\".",
               "Apply post-processing (split, column selection, filtering) to the returned Dataset instead.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
