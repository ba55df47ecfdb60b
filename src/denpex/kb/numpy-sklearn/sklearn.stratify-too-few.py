"""Computed diagnosis for sklearn.stratify-too-few: a class with too few members for a stratified split
(train_test_split(stratify=...), StratifiedShuffleSplit, StratifiedKFold n_splits, HF datasets
stratify_by_column) and the way out (drop/merge rare classes, fewer folds, no stratification for
regression targets)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    members = facts.get("members")
    n_splits = facts.get("n_splits")
    column = str(facts.get("column") or "y")
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("warning"):
        headline = f"StratifiedKFold: the smallest class has {members} member(s) < n_splits={n_splits} (warning)"
        parts.append(f"A warning, not the failure: with n_splits={n_splits} some folds get no sample of the rarest class ({members} member(s)), so per-fold metrics for it are undefined or noisy. It becomes an error when EVERY class has fewer members than n_splits.")
        fix.append(f"Use n_splits <= {members} or merge/drop the rare class if its metrics matter.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    n_samples = facts.get("n_samples")
    if n_samples is not None and n_splits is not None:
        headline = f"K-fold with n_splits={n_splits} on {n_samples} sample(s)" + (": the data is EMPTY" if n_samples == 0 else "")
        if n_samples == 0:
            parts.append("Cross-validation received 0 samples: the dataset/feature list feeding it is empty (wrong data path, no files matched, a filter that removed everything, features never extracted).")
            fix.append("Print len(X) before the split and fix the data loading so samples reach it (check the dataset path / annotation file).")
        else:
            parts.append(f"K-fold needs at least n_splits={n_splits} samples to make folds; the data has only {n_samples}.")
            fix.append(f"Use n_splits <= {n_samples} (or LeaveOneOut) or more data.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if n_splits is not None:
        headline = f"StratifiedKFold: n_splits={n_splits} is more than the members of every class"
        parts.append(f"Stratified K-fold puts members of each class into every fold, so each class needs at least n_splits={n_splits} samples; here no class has that many - the dataset (or the subset being split, e.g. one group in a loop) is tiny.")
        fix.append(f"Lower n_splits (cv=min(n_splits, smallest class count)), or use KFold / LeaveOneOut for tiny datasets; check the size of the data actually reaching cross-validation.")
    else:
        headline = f"stratified split impossible: the least populated class in {column} has only {members} member"
        parts.append(f"A stratified split (train_test_split(..., stratify=...), StratifiedShuffleSplit, datasets' train_test_split(stratify_by_column=...)) must put every class in both train and test, so each class needs at least 2 samples; at least one class in {column} has only {members}.")
        parts.append("Typical reasons: a rare class (or a typo/variant spelling that forms its own class), stratifying on a continuous or high-cardinality column (every value is its own 'class' - e.g. a regression target), multi-label rows turned into unique label combinations, or the split applied to an already small subset.")
        fix.append("Count the classes (y.value_counts()) and drop or merge classes with < 2 samples (or < the count you need per split), or pass stratify=None (always for regression targets).")
        fix.append("For a numeric target you still want balanced: stratify on bins (pd.qcut(y, 10, labels=False)).")
    if frame.pkg and frame.pkg not in ("sklearn",):
        parts.append(f"The split is made inside {frame.pkg}: check its stratify/fold settings and your target column there.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
