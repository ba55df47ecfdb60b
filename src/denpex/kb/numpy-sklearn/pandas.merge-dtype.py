"""Computed diagnosis for pandas.merge-dtype: the two key dtypes (and the key name in pandas >= 2) and the
cast that makes them match (object holding numbers vs int64/float64, chromosome names read as ints)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    left = str(facts.get("left_dtype") or "")
    right = str(facts.get("right_dtype") or "")
    key = str(facts.get("key") or "")
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    kcol = f"'{key}'" if key else "the key column"
    headline = (f"merge key '{key}'" if key else "merge keys") + f": {left} on the left, {right} on the right"
    parts.append(f"pd.merge/DataFrame.merge/join needs the key columns on both sides to have compatible types; {kcol} is {left} in the left frame and {right} in the right one, so values like 42 and '42' would never match - pandas refuses instead of returning an empty or wrong result.")
    numeric = {"int64", "int32", "int16", "int8", "uint64", "uint32", "float64", "float32", "Int64", "Float64"}
    other = right if left in ("object", "string", "str", "category") else left
    if {left, right} & {"object", "string", "str"} and (other in numeric):
        parts.append(f"One side holds the key as text (object/string) and the other as numbers ({other}): typically one file was read with dtype=str or has a non-numeric value in that column (an id like '00123', 'chr1' vs 1, an empty cell or header repeated), or the keys were built by string operations (split of a file name).")
        k = repr(key) if key else "'key'"
        fix.append(f"Cast both keys to one type before merging: df_left[{k}] = df_left[{k}].astype(str) and the same on the right (safe when ids can have leading zeros or letters), or pd.to_numeric(df[col], errors='coerce') on the text side if they are really numbers (then check for NaN).")
    elif left in numeric and right in numeric:
        fix.append("Cast both numeric keys to the same dtype (astype('int64') / 'float64'); float keys from NaN-containing columns need cleaning first.")
    else:
        fix.append("Convert both key columns to one dtype (astype(str) is the safe common denominator) before merging.")
    fix.append("Check with print(left[key].dtype, right[key].dtype, left[key].head(3).tolist(), right[key].head(3).tolist()).")
    if frame.pkg and frame.pkg not in ("pandas",):
        parts.append(f"The merge is inside {frame.pkg}: one of its input files/tables has the key in another format (e.g. numeric ids or chromosome names without 'chr').")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
