"""Computed diagnosis for sklearn.target-type: which target type scikit-learn inferred (continuous, continuous-
multioutput, unknown, multilabel-indicator ...) and, for metrics, which side (y_true / y_pred) has it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_WHY = {
    "continuous": "float values that are not whole numbers",
    "continuous-multioutput": "a 2-D array of non-integer floats",
    "unknown": "an object array scikit-learn cannot classify (mixed types, nested lists, or numbers stored as Python objects)",
    "multilabel-indicator": "a 2-D 0/1 matrix (one-hot or multi-label)",
    "multiclass-multioutput": "a 2-D array of class ids",
    "binary": "two distinct values",
    "multiclass": "more than two discrete values",
}


def _fix_pred(tp: str, side: str = "y_pred") -> str:
    if tp == "continuous":
        return f"{side} holds scores/probabilities (predict_proba, decision_function, a Keras/PyTorch model's sigmoid output, or a regressor's predict): turn them into labels first - (y_score >= 0.5).astype(int) for binary, y_score.argmax(axis=1) for multiclass - or use a metric that takes scores (roc_auc_score, average_precision_score, log_loss)."
    if tp == "continuous-multioutput":
        return f"{side} is a 2-D array of probabilities (one column per class): take y_pred.argmax(axis=1)."
    if tp == "multilabel-indicator":
        return "This side is one-hot encoded: convert with .argmax(axis=1) so both sides hold class ids (or one-hot both for a real multi-label problem)."
    if tp == "unknown":
        return "This side has dtype object or mixed types (e.g. strings and ints, or NaN among labels): convert to one type (np.asarray(y).astype(int) / astype(str)) and check for NaN."
    return "Make both sides the same kind of labels."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    frame = raising_frame(facts)
    lt = str(facts.get("label_type") or "").strip("'")
    tt = str(facts.get("type_true") or "")
    tp = str(facts.get("type_pred") or "")
    if lt or facts.get("label_array"):
        if facts.get("label_array"):
            lt = "unknown"
        headline = f"a classifier was given a{'n' if lt[:1] in 'aeiou' else ''} '{lt}' target"
        parts.append(f"Classifiers need discrete labels, and scikit-learn inferred y to be '{lt}': {_WHY.get(lt, 'not a classification target')}.")
        if lt == "continuous":
            parts.append("Either the task is regression (use the matching Regressor: RandomForestRegressor, LinearRegression instead of LogisticRegression, KNeighborsRegressor), or the labels were turned into floats on the way - most often by scaling/normalising the whole DataFrame including the label column, or by averaging/interpolating labels.")
            fix.append("For a regression target use a Regressor. For class labels, do not scale y: split off y before StandardScaler/MinMaxScaler, or convert back with y = y.round().astype(int) / LabelEncoder().fit_transform(y).")
        elif lt == "continuous-multioutput":
            parts.append("y is 2-D with float values: the feature matrix (or images) passed as y, soft/one-hot labels with smoothing, or several regression targets.")
            fix.append("Pass a 1-D array of class ids as y (y.argmax(axis=1) for one-hot), or use a Regressor / MultiOutputRegressor for several continuous targets.")
        elif lt == "unknown":
            parts.append("Typical source: y with dtype object (a pandas column read with mixed types, ints stored as Python objects, lists in cells).")
            fix.append("Convert y to one dtype: y = np.asarray(y).astype(int) (or astype(str) for names); check print(type_of_target(y), y.dtype, y[:10]).")
        else:
            fix.append("Pass y in the form the estimator supports (1-D class ids for most classifiers).")
    elif tt and tp:
        headline = f"metric got y_true '{tt}' and y_pred '{tp}'"
        parts.append(f"Classification metrics (accuracy_score, f1_score, confusion_matrix, classification_report, precision/recall) need y_true and y_pred of the same kind; here y_true is '{tt}' ({_WHY.get(tt, tt)}) and y_pred is '{tp}' ({_WHY.get(tp, tp)}).")
        for side, kind in (("y_pred", tp), ("y_true", tt)):
            if kind not in ("binary", "multiclass"):
                fix.append(f"{side}: " + _fix_pred(kind, side))
        if tt == "continuous" and tp in ("binary", "multiclass"):
            parts.append("The arguments may be swapped (metric(y_pred, y_true)) or y_true itself holds floats: the signature is metric(y_true, y_pred).")
        if not fix:
            fix.append("Give both arguments as 1-D arrays of class labels.")
    else:
        return None
    if frame.pkg and frame.pkg != "sklearn":
        parts.append(f"The call is inside {frame.pkg}: check the model type / target column you configured there.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
