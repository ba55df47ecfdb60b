"""Computed diagnosis for xgboost.invalid-class-labels: how the found labels differ from 0..k-1."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _parse(s: str | None) -> list[str]:
    return [t for t in re.split(r"[\s,]+", (s or "").strip()) if t]


def _num(t: str) -> float | None:
    try:
        return float(t.strip("'\""))
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp = _parse(facts.get("expected"))
    got = _parse(facts.get("got"))
    if not got:
        return None
    k = len(exp) or len(got)
    derived: dict[str, Any] = {"n_minus_1": str(k - 1), "n_classes_found": len(got)}
    nums = [_num(t) for t in got]
    fix: list[str] = []
    if any(t.lower() == "nan" for t in got):
        text = "y contains missing labels: NaN is counted as a class."
        fix.append("drop rows with a missing label (df = df[df[target].notna()]) or impute them before fit")
        derived["cause"] = "nan labels"
    elif any(n is None for n in nums):
        text = "y holds non-numeric labels (strings); XGBClassifier needs integer ids 0..k-1."
        fix.append("le = LabelEncoder().fit(y); fit on le.transform(y); decode with le.inverse_transform(pred)")
        derived["cause"] = "string labels"
    else:
        vals = sorted(n for n in nums if n is not None)
        if vals == [-1.0, 1.0]:
            text = "Binary labels are -1/1; XGBoost needs 0/1."
            fix.append("y = (y == 1).astype(int)")
            derived["cause"] = "-1/1 binary labels"
        elif vals and vals[0] >= 1 and vals == [vals[0] + i for i in range(len(vals))]:
            text = f"Labels are contiguous but start at {vals[0]:g} instead of 0."
            fix.append(f"y = y - {vals[0]:g} (and add it back to predictions), or use LabelEncoder")
            derived["cause"] = "labels not 0-based"
        else:
            have = {int(v) for v in vals if float(v).is_integer()}
            top = int(max(vals)) if vals else 0
            missing = [i for i in range(0, top + 1) if i not in have]
            text = (f"{len(vals)} distinct labels with gaps (ids {missing[:10]} absent): either labels were never encoded, "
                    "or this fit (a CV fold / subset) lacks those classes.")
            derived["missing_ids"] = missing[:20]
            derived["cause"] = "gaps in class ids"
            fix.append("inside CV/AutoML: use StratifiedKFold (stratify=y) and merge/drop classes rarer than the fold count")
            fix.append("otherwise re-encode the labels of this fit: LabelEncoder().fit_transform(y)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
