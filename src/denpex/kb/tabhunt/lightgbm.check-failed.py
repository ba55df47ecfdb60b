"""Computed diagnosis for lightgbm.check-failed: split the condition from its location and name the option it guards."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOC = re.compile(r"^(?P<cond>.+?) at (?P<file>\S+), line (?P<line>\d+)")

# (substring of condition or file, diagnosis, fix)
_KNOWN = (
    ("rf.hpp", "boosting='rf' without bagging",
     "boosting='rf' needs row or column subsampling: set bagging_freq=1 and 0 < bagging_fraction < 1 (e.g. 0.8), or feature_fraction < 1."),
    ("feature_fraction", "boosting='rf' without bagging",
     "boosting='rf' needs row or column subsampling: set bagging_freq=1 and 0 < bagging_fraction < 1 (e.g. 0.8), or feature_fraction < 1."),
    ("bagging_fraction", "boosting='rf' without bagging",
     "boosting='rf' needs row or column subsampling: set bagging_freq=1 and 0 < bagging_fraction < 1 (e.g. 0.8), or feature_fraction < 1."),
    ("num_leaves", "num_leaves must be at least 2",
     "Set num_leaves >= 2 (default 31); in a search space bound it at 2 or more and keep it consistent with max_depth."),
    ("max_bin", "max_bin too small",
     "Use max_bin >= 2 (default 255) and check max_bin_by_feature / min_data_in_bin."),
    ("num_machines", "parallel tree learner on one machine",
     "Use tree_learner='serial' (default) unless you run a real multi-machine job with machines/num_machines set."),
    ("bag_data_indices", "bagging on tiny data (old LightGBM bug)",
     "Upgrade LightGBM; as a workaround use bagging_fraction <= 0.9 or disable bagging on very small data sets."),
    ("bag_cnt", "bagging with a custom callback (old LightGBM bug)",
     "Upgrade LightGBM; avoid changing bagging parameters inside callbacks."),
    ("cnt_leaf_data", "empty leaf while renewing leaf outputs (distributed / quantile)",
     "Upgrade LightGBM and raise min_data_in_leaf; the quantile/L1 objectives renew leaf outputs from the data in each leaf."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = facts.get("check")
    if not isinstance(check, str) or not check.strip():
        return None
    check = check.strip()
    m = _LOC.match(check)
    cond, src, line = (m.group("cond"), m.group("file"), int(m.group("line"))) if m else (check.rstrip(" ."), None, None)
    base = src.replace("\\", "/").rsplit("/", 1)[-1] if src else None
    derived: dict[str, Any] = {"condition": cond}
    if base:
        derived["source_file"] = base
    if line is not None:
        derived["source_line"] = line
    key_space = cond + " " + (base or "")
    for key, diagnosis, fix in _KNOWN:
        if key in key_space:
            derived["diagnosis"] = diagnosis
            where = f" in {base}" if base else ""
            text = f"LightGBM's check '{cond}'{where} failed: {diagnosis}."
            return Explanation(text=text, fix=(fix,), derived=derived)
    derived["diagnosis"] = "internal invariant"
    where = f" ({base}, line {line})" if base else ""
    text = (f"LightGBM's internal check '{cond}'{where} failed. Compare the condition with the parameters of this call; "
            "if it names no parameter, it is an invariant that a newer LightGBM may have fixed.")
    return Explanation(text=text, fix=("Print the parameters of the failing call and upgrade LightGBM if the condition is internal.",), derived=derived)
