"""Computed diagnosis for gluonts.unsupported-frequency: suggest a supported frequency string."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# start-anchored / renamed aliases -> the alias the time-feature and lag tables know
_SUGGEST = {
    "MS": "M", "BMS": "M", "BM": "M", "ME": "M", "SM": "W", "SMS": "W",
    "QS": "Q", "BQ": "Q", "QE": "Q", "AS": "A", "YS": "Y", "YE": "Y", "BA": "A",
    "BH": "H", "CBH": "H", "B": "D", "C": "D",
}


def _split(freq: str) -> tuple[int, str]:
    m = re.match(r"^(\d*)([A-Za-z]+)", freq)
    if not m:
        return 1, freq
    return int(m.group(1) or 1), m.group(2).split("-")[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    freq = facts.get("freq")
    if not freq:
        return None
    freq = str(freq)
    mult, base = _split(freq)
    offset_name = facts.get("offset_name")
    up = base.upper()
    fix: list[str] = []
    if offset_name:
        text = (f"freq '{freq}' became pandas offset name '{offset_name}' (pandas >= 2.2 aliases), which this lag table "
                "does not list: the code predates the renamed aliases.")
        diagnosis = "pandas 2.2 offset alias not known to the lag code"
        fix.append(f"Pin pandas<2.2 or use a GluonTS release that knows '{offset_name}'; or pass lags_seq explicitly without '{freq}'.")
    elif base in ("S", "s", "L", "ms", "U", "us", "N", "ns"):
        text = f"freq '{freq}' is second/sub-second data ({mult} x {base}); this version has no time features or lags for it."
        diagnosis = "second-level frequency unsupported"
        fix.append("Pass time_features=[] and lags_seq=[1, 2, 3, ...] to the estimator, or upgrade GluonTS (seconds are supported in newer releases).")
    elif up in _SUGGEST:
        alt = _SUGGEST[up]
        alt_s = f"{mult}{alt}" if mult > 1 else alt
        text = f"freq '{freq}' ({base}) is an anchored/unusual pandas offset the table does not map; '{alt_s}' gives the same calendar features."
        diagnosis = f"use '{alt_s}' instead of '{freq}'"
        fix.append(f"Create the dataset and estimator with freq='{alt_s}' (timestamps unchanged), or pass time_features/lags_seq explicitly.")
    else:
        text = f"freq '{freq}' does not map to a supported offset in this version's time-feature table."
        diagnosis = f"frequency '{freq}' unsupported"
        fix.append("Use one of the listed frequencies, or pass time_features=[] and lags_seq explicitly.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
