"""Computed diagnosis for data.cast-error: what the two types say about the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    src = str(facts.get("from_type") or "").strip()
    dst = str(facts.get("to_type") or "").strip()
    file = facts.get("file")
    where = f" (file {file})" if file else ""
    if sig in ("column-names-dont-match", "failed-to-read-cast"):
        text = (f"A data file{where} has a different set of columns than the schema datasets is writing (taken from the "
                "first file, from features=, or from the repo's README/dataset_info features): an added or missing field.")
        fix = ("Compare the columns of that file with the others and make them identical (add the missing field as null/'' or drop the extra one),",
               "or load the files as separate data_files/configurations and align them with remove_columns/cast_column before concatenating;",
               "if the repo's README/dataset_info.json declares outdated features, update or remove that block.")
        return Explanation(text=text, fix=fix, derived={"what": f"column names differ from the schema{where}"})
    if not src and not dst:
        text = "A column's Arrow type differs from the target features (types are printed on the lines after the message)."
        return Explanation(text=text, fix=("Read the 'type ... to ...' lines below the error and see the cases in this entry's fixes.",),
                           derived={"what": "array type mismatch"})
    what = f"{src} -> {dst}"
    if dst in ("null", "Value('null')") or "dtype='null'" in dst:
        text = (f"The target type of this column is null: the schema was inferred from a block or shard where the column "
                f"was empty, and a later block holds {src} values, which cannot be cast to null.")
        fix = (f"Declare the type: load_dataset(..., features=Features({{..., 'COLUMN': Value('{ 'string' if src == 'string' else 'TYPE' }')}}))",
               "or fill the empty values ('' / []) or drop the column before loading; rewrite all-null parquet shards with the real type.")
    elif src.startswith("struct<") or dst.startswith("{"):
        text = (f"Nested records differ: the data has {src[:160]} but the schema expects {dst[:160]} - records carry "
                "different keys inside this column (tool calls, metadata dicts).")
        fix = ("Make every record carry the same nested keys (fill missing ones with null), or store the nested value as a JSON string,",
               "or drop the column if it is not used for training.")
    elif "length=" in dst or "fixed_size_list" in src:
        text = f"A sequence has another length than the fixed length the features declare ({what})."
        fix = ("Fix the Sequence/List length in features (length=-1 for variable) or pad/truncate the data to that length.",)
    else:
        text = f"Values of type {src} cannot be cast to {dst}: the column's type differs between files/rows or from features=."
        fix = (f"Make the column {dst} everywhere (convert in the data) or declare features= with the type the data really has.",)
    return Explanation(text=text, fix=fix, derived={"what": what})
