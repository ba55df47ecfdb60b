"""Computed diagnosis for polars.csv-parse-dtype: what the offending value is and the read option that fits it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NULLISH = {"", "na", "n/a", "nan", "null", "none", "-", "--", "?", ".", "nil", "#n/a", "missing"}
_PL = {"i64": "pl.Int64", "i32": "pl.Int32", "int64": "pl.Int64", "int32": "pl.Int32", "f64": "pl.Float64",
       "float64": "pl.Float64", "bool": "pl.Boolean", "boolean": "pl.Boolean", "date": "pl.Date", "datetime": "pl.Datetime"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value = facts.get("value")
    if value is None:
        return None
    value = str(value)
    dtype = str(facts.get("dtype") or facts.get("pytype") or "")
    col = str(facts.get("column") or "")
    num = facts.get("column_number") or facts.get("column_number_old")
    offset = facts.get("offset")
    where = f"'{col}'" if col else (f"number {num}" if num is not None else "")
    col_key = repr(col) if col else "'<column>'"
    vd = f"`{value}`"
    derived = {"value_display": vd, "column_display": f" in column {where}" if where else ""}
    at = f" (byte {offset} of the file)" if isinstance(offset, int) else ""
    v = value.strip().strip('"').lower()
    if facts.get("_signature") == "could-not-append":
        text = (f"A row holds {vd} of type {dtype} where the earlier rows fixed another type for that field: "
                "the frame's schema was inferred from the first rows (infer_schema_length, default 100).")
        fix = ("Pass infer_schema_length=None (all rows) or an explicit schema= / schema_overrides= for that field;",
               "or normalize the Python values to one type per key before building the frame.")
        derived["dtype"] = dtype
        derived["column_display"] = " while building the frame (mixed types in one field)"
        return Explanation(text=text, fix=fix, derived=derived)
    if v in _NULLISH:
        text = f"{vd} in column {where}{at} is a missing-value marker, not a {dtype}: Polars only treats empty fields as null unless told otherwise."
        fix = (f"pl.read_csv(..., null_values=[{value!r}]) (add every marker the file uses).",)
    elif re.fullmatch(r"-?\d+[.,]\d*(e-?\d+)?|-?\d*\.\d+(e-?\d+)?|-?\d+e-?\d+", v) and dtype.lower().startswith(("i", "u")):
        text = f"{vd} in column {where}{at} is a decimal number, but the column was inferred as the integer type {dtype} from the first rows."
        fix = (f"pl.read_csv(..., schema_overrides={{{col_key}: pl.Float64}}) or infer_schema_length=None (scan the whole file).",)
    elif re.fullmatch(r"-?[\d.,]+\s*[a-z%]{1,4}|[$€£]\s*-?[\d.,]+|-?\d{1,3}(,\d{3})+(\.\d+)?", v):
        text = f"{vd} in column {where}{at} is a formatted number (unit, currency or thousands separator) that cannot parse as {dtype}."
        fix = (f"Read it as text (schema_overrides={{{col_key}: pl.Utf8}}) and clean it: pl.col({col_key}).str.replace_all(r'[^0-9.-]', '').cast(pl.Float64).",)
    else:
        target = _PL.get(dtype.lower(), "pl.Utf8")
        text = f"{vd} in column {where}{at} does not parse as {dtype}: the type came from the first rows (or a given schema) and this later value differs."
        fix = (f"Declare the right type: schema_overrides={{{col_key}: pl.Utf8}} (text) or the wider type; or infer_schema_length=None;"
               f" ignore_errors=True turns such values into nulls. (Declared type now: {target}.)",)
    return Explanation(text=text, fix=fix, derived=derived)
