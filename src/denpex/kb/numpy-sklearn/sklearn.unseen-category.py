"""Computed diagnosis for sklearn.unseen-category: which values the fitted encoder never saw (NaN, a
placeholder, new categories in test data, predicted ids beyond the classes) and the handle_unknown fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    values = str(facts.get("values") or facts.get("labels") or "").strip()
    column = facts.get("column")
    phase = str(facts.get("phase") or "")
    frame = raising_frame(facts)
    code = str(facts.get("code") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    shown = values if len(values) <= 80 else values[:77] + "..."
    shown = shown or "(not printed)"
    has_nan = bool(re.search(r"\bnan\b|\bNone\b|<NA>", values))
    inverse = bool(facts.get("inverse")) or "inverse_transform" in code or frame.func == "inverse_transform"
    if facts.get("column") is not None:
        headline = f"OneHotEncoder/OrdinalEncoder: unknown categories {shown} in column {column} during {phase}"
        if phase == "fit":
            parts.append(f"The encoder was given an explicit categories= list for column {column}, and the data has values outside it ({shown}).")
            fix.append("Add those values to categories= (or use categories='auto'), or clean/map them before encoding.")
        else:
            parts.append(f"Column {column} of the data being transformed has categories the encoder never saw when it was fitted ({shown}): the test/production data contains new values, or the encoder was fitted on a subset (one split, a sample).")
            fix.append("Create the encoder with handle_unknown='ignore' (all-zero row for new values) or handle_unknown='infrequent_if_exist' with min_frequency (OneHotEncoder), OrdinalEncoder(handle_unknown='use_encoded_value', unknown_value=-1); or fit on the full list of categories (categories=[...]).")
    else:
        headline = f"LabelEncoder: {'inverse_transform got ids' if inverse else 'labels'} {shown} it was not fitted with"
        if inverse:
            parts.append(f"inverse_transform got values {shown} that are not class ids 0..n_classes-1: usually model outputs that are not class ids yet (probabilities, one-hot rows, float predictions) or ids from a model trained with more classes.")
            fix.append("Convert predictions to class ids first (y_pred.argmax(axis=1) / (p >= 0.5).astype(int)) and use the encoder fitted on the same labels as the model.")
        else:
            parts.append(f"LabelEncoder.transform got values {shown} that were not in the data it was fitted on: new categories in the test/validation data, or an encoder fitted on one split only.")
            fix.append("For FEATURES use OrdinalEncoder(handle_unknown='use_encoded_value', unknown_value=-1) or OneHotEncoder(handle_unknown='ignore') instead of LabelEncoder (meant for targets). For targets, fit the encoder on all labels (train + test) or drop rows with labels the model cannot predict.")
    if has_nan:
        parts.append("The unseen values include NaN/None: missing values in that column are treated as a category that did not exist at fit time (NaN != NaN in older versions).")
        fix.insert(0, "Fill missing values before encoding (df[col] = df[col].fillna('missing')) in both training and prediction data, or impute them in the same Pipeline.")
    if re.fullmatch(r"\[\s*-1\.?\s*\]", values):
        parts.append("The only unseen value is -1: a placeholder/default label (unlabelled samples, a failed lookup) reached the encoder.")
    if frame.pkg and frame.pkg not in ("sklearn",):
        parts.append(f"The encoder is used inside {frame.pkg}: the new values come from the data you passed it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
