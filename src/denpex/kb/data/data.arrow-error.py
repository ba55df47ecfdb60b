"""Computed diagnosis for data.arrow-error: which rows/bytes broke Arrow's rules and the matching fix."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_DEFAULT_MAP_BATCH = 1000


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    sig = facts.get("_signature")
    if sig == "mixed-nesting":
        kind = str(facts.get("nested_kind") or "list")
        shape = "a list" if kind == "list" else "a dict"
        return Explanation(
            text=(f"One column holds {shape} in some rows and a plain value (str/int/float) in others: Arrow infers one type "
                  f"per column and cannot store {kind} and non-{kind} values together. In datasets this comes from a map function "
                  "(often batched=True) that returns a list for some examples and a scalar for others, or from JSON records "
                  "whose field changes shape."),
            fix=(f"Make the function return the same shape for every example (always {shape}, e.g. [x] instead of x), or "
                 "convert the odd rows before building the table.",
                 "To find the rows: [i for i, v in enumerate(column) if isinstance(v, (list, dict)) != isinstance(column[0], (list, dict))]."),
            derived={"what": f"column mixes {kind} and non-{kind} values"},
        )
    if sig == "int32-overflow":
        v = str(facts.get("value") or "")
        over = (int(v) - 2**31 + 1) if v.isdigit() else None
        return Explanation(
            text=(f"Arrow had to store {v} in a 32-bit integer (limit 2147483647"
                  + (f", {over} over" if over is not None and over > 0 else "") + "): the offsets of a list/string column "
                  "(its total number of elements or bytes in one chunk) or an int32 column passed 2**31."),
            fix=("Write the data in smaller chunks (shards, a smaller writer_batch_size / batch_size in datasets.map), so no chunk holds 2**31 list elements or bytes.",
                 "Or give the column 64-bit offsets: pa.large_list / pa.large_string (datasets Sequence -> LargeList in datasets 2.16+), or an int64 column type."),
            derived={"what": f"value {v} does not fit a 32-bit integer (list/string offsets or an int32 column)"},
        )
    if sig == "list-offsets-invalid":
        span, n = facts.get("offsets_span"), facts.get("values_length")
        extra = f" ({span - n} element{'s' if span - n != 1 else ''} past the end)" if isinstance(span, int) and isinstance(n, int) else ""
        return Explanation(
            text=(f"A list column's offsets reach element {span} but its child values array has only {n}{extra}: the Arrow data itself "
                  "is inconsistent. pyarrow's validation caught an array that a reader or writer built wrongly (a nested list/struct "
                  "column from the JSON reader or a cast in an affected pyarrow version) or a cache file that was cut while being written."),
            fix=("Upgrade pyarrow (and datasets), delete the datasets cache for this dataset (~/.cache/huggingface/datasets/...) and load again.",
                 "If it persists, load the source with another reader (pandas.read_json(lines=True) then Dataset.from_pandas) or flatten the nested column."),
            derived={"what": f"invalid list array: offsets span {span} > {n} values"},
        )
    if sig == "cast-to-null":
        t = facts.get("from_type") or "a typed column"
        return Explanation(
            text=(f"The schema was inferred from data where a column held only nulls (type null), and later data has {t} values "
                  "in it: Arrow cannot cast them to null. Typical: the first Parquet file / first pandas chunk of a column is all empty."),
            fix=("Pass the schema explicitly (ray.data.read_parquet(..., schema=...), pa.Table.from_pandas(df, schema=...), datasets Features) "
                 f"with the column as {t}.",
                 "Or fill the column in the first file/chunk (df[col] = df[col].astype(float)) before it is written."),
            derived={"what": f"a column inferred as null receives {t} values"},
        )
    exp, got = facts.get("expected_length"), facts.get("got_length")
    col = facts.get("column")
    if isinstance(exp, int) and isinstance(got, int):
        if facts.get("column_index") is not None:
            idx = facts["column_index"]
            name = f"column {idx} '{col}'"
            derived["what"] = f"{name} has {got} rows, the other columns {exp}"
            parts = [f"The table being written has {exp} rows in its first column but {got} in {name}."]
            if got == 0:
                parts.append(f"Your function returned an empty list for '{col}' while other columns have rows: a code path dropped every example of this batch for that column only.")
                fix = [f"Make the function return '{col}' for every example (or drop the rows from every column together)."]
            else:
                if got == _DEFAULT_MAP_BATCH and exp != _DEFAULT_MAP_BATCH:
                    n_in, n_out = got, exp
                    parts.append(f"'{col}' still has {got} rows, Dataset.map's default batch_size, while the function's other outputs have {exp}: "
                                 f"'{col}' was kept from the input (or computed per input example) next to outputs with another row count.")
                else:
                    n_in, n_out = exp, got
                    if exp == _DEFAULT_MAP_BATCH:
                        parts.append(f"{exp} is Dataset.map's default batch_size: the input batch had {exp} rows and your batched function returned {got} for '{col}'.")
                direction = ("more rows than it received (chunking, sliding windows, return_overflowing_tokens or one-to-many augmentation)"
                             if n_out > n_in else "fewer rows than it received (grouping/concatenating texts into blocks, or filtering inside map)")
                parts.append(f"A map that produces {direction} must drop the original columns, otherwise the kept input columns keep the old length.")
                fix = ["ds.map(fn, batched=True, remove_columns=ds.column_names) - and return every column you need (input_ids, attention_mask, labels, ...) from fn with the same new length.",
                       f"Check one batch: out = fn(ds[:{n_in}]); print({{k: len(v) for k, v in out.items()}})."]
                if n_in == got:
                    fix.insert(1, f"Compute '{col}' per output row, not per input example (with return_overflowing_tokens use the tokenizer's overflow_to_sample_mapping to repeat per-example values).")
                if idx == 1:
                    parts.append("Column 0 has the other length; it usually is an input column that map kept.")
                elif idx and idx > 1:
                    parts.append(f"Columns 0..{idx - 1} have {exp} rows.")
            derived["row_difference"] = got - exp
            return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
        derived["what"] = f"added column has {got} rows, the table {exp}"
        text = (f"add_column got a list of {got} values for a table of {exp} rows." +
                (" The dataset is smaller than the list: it was selected/filtered/sharded after the list was computed (or an old datasets version used the pre-select length)." if exp < got else
                 " The list is shorter than the dataset: it was computed on a subset or another split."))
        return Explanation(text=text, fix=(f"Build the new column from the current dataset so len(values) == len(ds) ({exp}), or add it with ds.map(lambda ex, i: {{...}}, with_indices=True).",
                                           "After select/filter on old datasets versions, call ds = ds.flatten_indices() before add_column."), derived=derived)
    have, limit = facts.get("have"), facts.get("limit")
    if isinstance(have, int) and isinstance(limit, int) and limit > 0:
        unit = facts.get("unit") or "bytes"
        factor = have / limit
        parts_needed = max(2, math.ceil(factor))
        derived["over_limit_ratio"] = round(factor, 3)
        shown = f"{have:,} bytes ({fmt_bytes(have)})" if unit == "bytes" else f"{have:,} {unit}"
        derived["what"] = f"one Arrow array needs {shown}, over the 2^31 limit"
        batch = max(1, _DEFAULT_MAP_BATCH // (parts_needed * 2))
        text = (f"One {facts.get('array_kind') or 'array'} needs {shown}, {factor:.2f}x the {limit:,} {unit} that 32-bit offsets allow. "
                f"The data must be written in at least {parts_needed} smaller pieces, or with 64-bit (large_*) types.")
        if factor < 1.01:
            text += " It is only just over the limit: one batch or row group happened to cross 2^31."
        fix = (f"Lower the write batch: ds.map(..., batch_size={batch}, writer_batch_size={batch}) (default 1000), or load_dataset('parquet', ..., batch_size=512) when reading large Parquet files.",
               "Or declare the column as Value('large_string') / Value('large_binary') / LargeList so offsets are 64-bit.",
               "If a single value is over 2 GiB (a long video), no batch size helps: store the file path instead of the bytes.")
        return Explanation(text=text, fix=fix, derived=derived)
    if facts.get("arrow_type") or facts.get("pytype"):
        value, pytype, atype = facts.get("value"), facts.get("pytype"), facts.get("arrow_type")
        where = f" '{col}'" if col else ""
        if atype:
            derived["what"] = f"{pytype} value {value} in a {atype} column{where}"
            text = (f"Arrow inferred {atype} for the column{where} from earlier values, then met {value} of Python type {pytype}: "
                    "an Arrow column has one type, so mixed numbers and strings cannot be stored.")
            if pytype == "str" and atype in ("int64", "double", "int32", "float", "bool"):
                fx = f"Make the column text everywhere (df[col] = df[col].astype(str), or features with Value('string')), or clean the non-numeric values such as {value} before converting."
            else:
                fx = f"Convert every value of the column to one type (e.g. {atype}) before building the dataset, or pass features= with the intended type."
        else:
            derived["what"] = f"a string column{where} contains {pytype} values"
            text = f"The column{where} is mostly strings but contains Python {pytype} values; Arrow expected bytes/str for every row."
            fx = "Cast the column to str (df[col] = df[col].astype(str)) or to the numeric type, consistently, before Dataset.from_pandas / to_parquet."
        return Explanation(text=text, fix=(fx,), derived=derived)
    derived["what"] = "offset overflow while concatenating arrays (a column over 2 GiB)"
    return Explanation(
        text="Concatenating the chunks of a string/binary/list column would exceed 2 GiB of data, more than 32-bit offsets can address: the column is too large in one table chunk (huge single file, or large images/pixel_values/token lists per batch).",
        fix=("Split the data into several smaller files (shards) and reload.", "Lower writer_batch_size / batch_size in map (e.g. 100) and upgrade datasets and pyarrow.",
             "Or use large_string/large_binary/large_list types for that column."),
        derived=derived)
