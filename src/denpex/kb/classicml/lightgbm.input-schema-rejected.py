"""Computed diagnosis for lightgbm.input-schema-rejected: names, dtypes or feature count, and the exact conversion."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "json-chars-in-name":
        return Explanation(
            text="At least one column name contains a JSON-special character (brackets, braces, quotes, colon, comma or control/non-ASCII characters); LightGBM does not say which.",
            fix=("find them: [c for c in X.columns if re.search(r'[^0-9A-Za-z_]', str(c))]",
                 "X = X.rename(columns=lambda c: re.sub(r'[^0-9A-Za-z_]', '_', str(c))) and apply the same renaming before predict"),
            derived={"problem": "feature names contain JSON-special characters"},
        )
    if sig == "bad-pandas-dtypes":
        raw = (facts.get("columns") or "").strip()
        cols = [p.strip() for p in raw.split(",") if p.strip()]
        by: dict[str, list[str]] = {}
        for p in cols:
            name, _, dtype = p.rpartition(":")
            d = dtype.strip().lower()
            kind = "datetime" if "datetime" in d or "timedelta" in d else "text" if d in ("object", "str", "string") else d or "?"
            by.setdefault(kind, []).append(name.strip() or p)
        fix: list[str] = []
        if "text" in by:
            fix.append(f"object/str columns {by['text'][:8]}: X[c] = X[c].astype('category') (or pd.to_numeric if they hold numbers; "
                       "bool columns with NaN become object: fill them first)")
        if "datetime" in by:
            fix.append(f"datetime columns {by['datetime'][:8]}: derive numeric features (dt.dayofyear, dt.month, days since a reference) and drop them")
        for k, v in by.items():
            if k not in ("text", "datetime"):
                fix.append(f"{k} columns {v[:8]}: convert to int/float/bool/category")
        if not fix:
            fix.append("print(X.dtypes) and convert every non-numeric column to number or category")
        fix.append("drop identifier columns (IDs) from the features")
        n = len(cols)
        return Explanation(
            text=(f"{n} column(s) are not int/float/bool/category: {', '.join(cols[:6])}" if n else
                  "Some DataFrame columns are not int/float/bool/category.") + ".",
            fix=tuple(fix),
            derived={"problem": f"non-numeric pandas columns ({n})" if n else "non-numeric pandas columns"},
        )
    if sig == "feature-count-mismatch":
        nd, nt = facts.get("n_data"), facts.get("n_train")
        if not isinstance(nd, int) or not isinstance(nt, int):
            return None
        diff = nd - nt
        what = f"{diff} more" if diff > 0 else f"{-diff} fewer"
        text = f"Prediction data has {nd} features, the model was trained on {nt} ({what})."
        fix = ["X_pred = X_pred.reindex(columns=model.feature_name_, fill_value=0)  (Booster: columns=booster.feature_name())"]
        if diff > 0:
            fix.append("extra columns: an ID/target column left in, or one-hot categories unseen in training; fit encoders on training data only")
        else:
            fix.append("missing columns: one-hot categories absent from this batch, or features not computed at inference; reuse the training encoder/pipeline")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": f"{nd} features at predict vs {nt} in training", "feature_diff": diff})
    return None
