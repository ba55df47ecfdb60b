"""Computed diagnosis for catboost.unknown-class-label: what kind of label was unknown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INT = re.compile(r"-?\d+\Z")
_FLOAT = re.compile(r"-?(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?\Z")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    label = facts.get("label")
    if label is None:
        return None
    label = str(label)
    if _FLOAT.match(label):
        value = float(label)
        if value.is_integer():
            diagnosis = "numeric label stored as float"
            text = (f"The unknown label \"{label}\" is a whole number written as a float: the target column is float "
                    "(NaN somewhere, or a numeric target). CatBoost compares the label text, so 24 and 24.0 are different "
                    "classes, and a class that exists only in the eval set is unknown.")
            fix = ("Cast the target to int in every split (y.astype(int)) after dropping NaN.",
                   "If the target is really continuous, use CatBoostRegressor.")
        else:
            diagnosis = "continuous target given to a classifier"
            text = (f"The unknown label \"{label}\" has a fractional part: the target is continuous, and every distinct "
                    "value became a class, so eval values not seen in training are unknown.")
            fix = ("Use CatBoostRegressor (loss_function='RMSE') for this target.",
                   "For classification, bin the target first (e.g. y > threshold).")
    elif _INT.match(label):
        n = int(label)
        if n >= 100:
            diagnosis = "id-like or high-cardinality integer target"
            text = (f"The unknown label is {n}: a large integer class. Either the target is an id/count column with "
                    "thousands of values (a regression target or the wrong column), or classes_count is set below the "
                    "largest label.")
            fix = ("Check that y is the intended target; use CatBoostRegressor for counts/amounts.",
                   "With classes_count=K, remap labels to 0..K-1 with a LabelEncoder fitted on all labels.")
        else:
            diagnosis = "integer class missing from the training labels"
            text = (f"Class {n} appears in the eval set (or exceeds classes_count) but not in the training labels.")
            fix = ("Split with stratify=y, or pass class_names=sorted(set(y_train) | set(y_valid)).",
                   f"If classes_count is set, it must be larger than {n} (labels 0..K-1).")
    else:
        diagnosis = "class present only outside the training split"
        text = (f"The string class \"{label}\" is in the eval set (or a later pool) but not in the training labels: "
                "a rare class that the split left out of training.")
        fix = ("Split with stratify=y, merge or drop classes with very few rows.",
               f"Or list every class up front: CatBoostClassifier(class_names=[...,'{label}',...]).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
