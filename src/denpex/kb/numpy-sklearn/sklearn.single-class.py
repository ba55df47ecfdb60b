"""Computed diagnosis for sklearn.single-class: a classifier fit or ROC AUC on labels with one class only,
with the label value read (True/False from a comparison with the wrong type, 0 from a filtered subset)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    only = str(facts.get("only_class") or "").strip().rstrip(".")
    auc = bool(facts.get("auc"))
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    if auc:
        headline = "ROC AUC on labels of a single class"
        parts.append("roc_auc_score needs both positive and negative samples in y_true; the labels passed contain only one class, so the ROC curve is undefined.")
        parts.append("Usual causes: the evaluation set or folder holds only one class (e.g. only 'good' images in an anomaly-detection test set), AUC computed per mini-batch or per small group, a split that put all positives elsewhere, or labels all set to one value by a bug.")
        fix.append("Compute AUC on the whole evaluation set (collect predictions across batches first), make sure the test data contains both classes (check np.unique(y_true, return_counts=True)), and skip/guard groups with a single class.")
    else:
        headline = "classifier fitted on a single class" + (f" ({only})" if only else "")
        parts.append("A classifier needs at least two different labels in y, and the training labels passed to fit contain only one" + (f": {only}" if only else "") + ".")
        if only in ("True", "False", "'True'", "'False'"):
            parts.append("The single class is a boolean: y was built by a comparison that is always False/True - e.g. y == 5 when labels are strings '5' (fetch_openml returns strings), or a threshold outside the value range.")
            fix.append("Check the comparison: print(np.unique(y_raw)[:10], y_raw.dtype); cast first (y.astype(int) == 5).")
        parts.append("Other causes: a cross-validation fold or time-based split with one class (use StratifiedKFold / check the split), training data from one folder/person only (face recognition needs at least two people - add an 'unknown' class), or labels all overwritten by a preprocessing bug.")
        fix.append("Print np.unique(y_train, return_counts=True) before fit; fix the data so both classes are present, stratify the split, or use a one-class method (OneClassSVM, IsolationForest) if only one class exists by design.")
    if frame.pkg and frame.pkg not in ("sklearn",):
        parts.append(f"The fit/metric is called inside {frame.pkg} with the labels you provided.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
