"""Computed diagnosis for xgboost.dataframe-dtype: which columns and what conversion each dtype needs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _columns(raw: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for part in raw.split(","):
        part = part.strip().rstrip(".")
        if not part:
            continue
        if ":" in part:
            name, dtype = part.rsplit(":", 1)
            out.append((name.strip(), dtype.strip()))
        else:
            out.append((part, ""))
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = (facts.get("columns") or "").strip()
    if facts.get("_signature") == "legacy-dtypes":
        return Explanation(
            text="Very old xgboost accepts only int64, float64 and bool columns.",
            fix=("upgrade xgboost, or convert: X = X.astype('float64') after encoding strings",),
            derived={"columns": "(not listed)"},
        )
    cols = _columns(raw)
    if not cols:
        return Explanation(
            text="A DataFrame passed to XGBoost has columns that are not int/float/bool/category.",
            fix=("print(X.dtypes) for each frame passed (train, eval_set, predict) and convert the object/other columns",),
            derived={"columns": "(see X.dtypes)"},
        )
    kinds: dict[str, list[str]] = {}
    for name, dtype in cols:
        d = dtype.lower()
        key = ("category" if d.startswith("category") else "object" if d in ("object", "string", "str") else
               "datetime" if "datetime" in d or "period" in d or "timedelta" in d else
               "nullable" if d in ("int64", "float64", "boolean", "int32", "int8", "int16", "float32") and dtype[:1].isupper() else
               "other" if d else "unknown")
        kinds.setdefault(key, []).append(name)
    fix: list[str] = []
    if "category" in kinds:
        fix.append(f"category columns {kinds['category'][:8]}: pass enable_categorical=True (with tree_method='hist')")
    if "object" in kinds:
        names = kinds["object"][:8]
        fix.append(f"object columns {names}: pd.to_numeric(X[c], errors='coerce') if they hold numbers, else X[c].astype('category') + enable_categorical=True (or one-hot/target encoding)")
    if "datetime" in kinds:
        fix.append(f"datetime columns {kinds['datetime'][:8]}: derive numeric parts (dt.year, dt.dayofweek, view('int64')) and drop the raw column")
    if "nullable" in kinds:
        fix.append(f"nullable extension columns {kinds['nullable'][:8]}: X[c] = X[c].astype('float64') (or upgrade xgboost)")
    if "unknown" in kinds:
        fix.append(f"columns {kinds['unknown'][:8]} (old xgboost does not print dtypes): check X[cols].dtypes and convert to numeric or category")
    if "other" in kinds:
        fix.append(f"columns {kinds['other'][:8]}: convert to float/int/bool")
    fix.append("apply the same conversion to eval_set, predict and explainer inputs (use one Pipeline)")
    names = [n for n, _ in cols]
    shown = ", ".join(names[:6]) + (f" (+{len(names) - 6} more)" if len(names) > 6 else "")
    text = f"{len(names)} column(s) have dtypes XGBoost cannot convert: " + "; ".join(
        f"{k}: {', '.join(v[:5])}" for k, v in kinds.items()) + "."
    return Explanation(text=text, fix=tuple(fix), derived={"columns": shown, "n_invalid_columns": len(names)})
