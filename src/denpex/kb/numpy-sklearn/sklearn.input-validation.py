"""Computed diagnosis for sklearn.input-validation: which scikit-learn input check failed (non-finite values,
empty array, 1-D/2-D shape, feature count vs fit time, X/y length mismatch) and what the numbers say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def _ints(text: str) -> list[int]:
    return [int(t) for t in re.findall(r"[0-9]+", text or "")]


def _nonfinite(facts: Mapping[str, Any], parts: list[str], fix: list[str]) -> str:
    what = str(facts.get("nonfinite") or "")
    name = str(facts.get("input_name") or "")
    est = str(facts.get("estimator") or "")
    dtype = str(facts.get("dtype") or "")
    who = f"{est}.fit/predict" if est else "the estimator"
    side = {"X": "the features X", "y": "the target y"}.get(name, "the input")
    if what == "NaN":
        headline = f"{side} contains NaN" + (f" ({est} does not accept missing values)" if est else "")
        parts.append(f"scikit-learn checked {side} and found NaN (missing) values; {who} cannot use them.")
        if name == "y":
            parts.append("Missing TARGET values: drop those rows from X and y together (mask = y.notna(); X, y = X[mask], y[mask]) - do not impute labels.")
            fix.append("Drop the rows whose target is missing: m = ~pd.isna(y); X, y = X[m], y[m].")
        else:
            fix.append("Find them: print(pd.DataFrame(X).isna().sum()); then impute in a Pipeline (SimpleImputer(strategy='median') before the estimator), drop the rows/columns, or use an estimator that accepts NaN (HistGradientBoostingClassifier/Regressor).")
            parts.append("NaN also comes from your own preprocessing: a merge/reindex that found no match, pd.to_numeric(errors='coerce'), a division by zero or log(0), or embeddings from a model that diverged - count them right after each step.")
    else:
        headline = f"{side} contains infinity or a value too large" + (f" for {dtype}" if dtype else "")
        parts.append(f"scikit-learn found +/-inf (or, in the older combined wording, NaN or inf) in {side}" + (f", or a value too large for {dtype}" if dtype else "") + ": typically a division by zero (ratio features), log of 0, an exp() that overflowed, or a float64 value beyond float32's ~3.4e38 when the estimator casts to float32 (trees do).")
        fix.append("Find them: np.isinf(X).sum(axis=0) and np.isnan(X).sum(axis=0); replace with X.replace([np.inf, -np.inf], np.nan) and impute, or fix the feature that divides by zero; clip huge values (np.clip) before a float32 estimator.")
    return headline


def _min_samples(facts: Mapping[str, Any], parts: list[str], fix: list[str]) -> str:
    n = facts.get("n_found")
    unit = str(facts.get("unit") or "sample")
    shape = str(facts.get("shape") or "")
    minimum = facts.get("minimum")
    est = str(facts.get("estimator") or "")
    by = f" by {est}" if est else ""
    if unit == "feature":
        headline = f"the array has {n} feature column(s) {shape}, {minimum} required{by}"
        parts.append(f"The input has shape {shape}: its rows have no columns left. A column selection/feature selector dropped every column, a vectorizer produced an empty vocabulary (all words filtered as stop words / min_df), or feature extraction returned nothing for this input.")
        fix.append("Print X.shape after each preprocessing step; fix the column list/selector (or the text cleaning) so at least one feature remains.")
    else:
        headline = f"the array is EMPTY: {n} sample(s) {shape}, {minimum} required{by}"
        if n == 0:
            parts.append(f"The input reaching {est or 'scikit-learn'} has 0 rows (shape {shape}): a filter, dropna(), merge, date range or file glob before it selected nothing, or a per-group/per-image step ran on a group with no items (no faces or picks detected).")
            fix.append("Print len(X) after each filter/merge and find the step that empties it; guard the call with if len(X) == 0: skip or raise with the group/file name.")
        else:
            parts.append(f"The input has {n} sample(s) but {minimum} are needed{by}: the data left after filtering is too small (e.g. a cluster or group with one member, a tiny validation split).")
            fix.append(f"Make sure at least {minimum} samples reach this call (larger split, merge small groups) or skip groups that are too small.")
    return headline


def _expected_2d(facts: Mapping[str, Any], parts: list[str], fix: list[str]) -> str:
    got = str(facts.get("got") or "")
    container = str(facts.get("container") or "")
    preview = str(facts.get("preview") or "").strip()
    if container:
        headline = f"scikit-learn needs a 2-D table but got a {container.split(chr(39))[1] if chr(39) in container else container}"
        parts.append("A pandas/polars Series (one column) was passed where a 2-D table (n_samples, n_features) is expected.")
        fix.append("Select with double brackets to keep a DataFrame: df[['col']] instead of df['col'] (one feature), or df.iloc[[i]] for one row (one sample).")
        return headline
    if facts.get("shape"):
        headline = f"scikit-learn needs 2-D input but the sparse input has shape {facts['shape']}"
        fix.append("Reshape it to (n_samples, n_features).")
        return headline
    headline = f"scikit-learn needs a 2-D array (n_samples, n_features) but got a {got or '1D'} array"
    if got == "scalar":
        parts.append("A single number was passed where a table of samples is expected.")
        fix.append("Wrap it: model.predict([[value]]) (one sample, one feature).")
        return headline
    parts.append("A 1-D array is ambiguous: many samples of one feature, or one sample of many features.")
    if preview.startswith("[]"):
        headline += " - and it is EMPTY"
        parts.append("The array printed is [] - it is empty: the feature extraction or loading before it produced nothing (no file/object found, an empty detection list), so fix that step first.")
        fix.append("Find why the features are empty (print len() where they are built); reshaping an empty array does not help.")
    elif "..." in preview:
        parts.append("The array printed is long (shown with ...): it is most likely ONE sample's feature vector passed to fit/predict - reshape it to one row.")
    elif re.match(r"\[\s*nan\b", preview):
        parts.append("The values printed are nan: the features were never computed (an embedding/feature step failed and left NaN), besides being 1-D.")
        fix.append("Fix the step that produced NaN features first; then pass a 2-D array.")
    fix.append("One sample with many features: x.reshape(1, -1) (predict on a single example: model.predict([features])). One feature for many samples: x.reshape(-1, 1), or df[['col']] instead of df['col'].")
    return headline


def _n_features(facts: Mapping[str, Any], parts: list[str], fix: list[str]) -> str:
    got = facts.get("n_features")
    exp = facts.get("expected")
    est = str(facts.get("estimator") or "")
    headline = f"{est or 'the model'} was fitted on {exp} features but got {got}"
    parts.append(f"{est or 'The model'} was fitted with {exp} feature columns and now receives {got}: prediction/transform data must be built exactly like the training data (same columns, same order, same encoders).")
    if isinstance(got, int) and isinstance(exp, int):
        if got == 1 and exp > 1:
            parts.append("Got 1 feature: a single sample passed as a flat vector was read as one column, or only one column was selected.")
            fix.append("For one sample use x.reshape(1, -1) / [features]; otherwise pass all training columns.")
        elif got > exp:
            parts.append(f"{got - exp} extra column(s): the target or an id column left in X, a one-hot encoding (pd.get_dummies) or vectorizer re-fitted on the new data with more categories/words, or image features from another image size (HOG of a larger window).")
        else:
            parts.append(f"{exp - got} missing column(s): pd.get_dummies/one-hot applied separately to data that lacks some categories, a vectorizer re-fitted on the new data (smaller vocabulary), columns dropped in another way, or features from another image size or model.")
        fix.append("Reuse the FITTED preprocessing: keep the encoder/vectorizer/scaler from training and call only .transform() on new data (put them with the model in one sklearn Pipeline and save that); for get_dummies use df.reindex(columns=train_columns, fill_value=0). Check X.shape[1] == model.n_features_in_ before predict.")
    return headline


def _inconsistent(facts: Mapping[str, Any], parts: list[str], fix: list[str]) -> str:
    lengths = _ints(str(facts.get("lengths") or ""))
    headline = "X and y have different numbers of rows" + (f": {lengths}" if lengths else "")
    if len(lengths) >= 2:
        a, b = lengths[0], lengths[1]
        parts.append(f"The arrays passed together (X, y, sample_weight, or the arrays given to train_test_split) must have one row per sample, but they have {', '.join(map(str, lengths))} rows.")
        big, small = max(a, b), min(a, b)
        if small >= 16 and big == small * small:
            parts.append(f"{big} = {small} x {small}: one is a {small}x{small} grid flattened (e.g. the pixels of a label image) and the other is still 2-D with {small} rows - flatten the 2-D one too (gt.reshape(-1)) so both have {big} rows.")
        elif small and big % small == 0 and big // small > 1:
            parts.append(f"{big} = {big // small} x {small}: one side has {big // small} rows per item of the other (several crops/augmentations/faces per image, a sequence per frame, one-hot/multi-output stacked) - build X and y in the same loop so each row gets its label.")
        elif abs(a - b) <= 2:
            parts.append(f"Off by {abs(a - b)}: a header row read as data, a shift/lag/diff that dropped the first rows of one side only, or a final partial batch.")
        else:
            parts.append("The rows were filtered differently: dropna()/dedup/outlier removal on X but not y (or the reverse), a merge that duplicated rows, or X and y loaded from different files/splits.")
        if 0 in lengths:
            parts.append("One of them is EMPTY (0 rows): the data for it was never loaded or was filtered away.")
    fix.append("Print len(X), len(y) right after loading and after every filter; filter X and y with the same mask (or filter the DataFrame before splitting it into X and y).")
    return headline


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    frame = raising_frame(facts)
    if facts.get("nonfinite"):
        headline = _nonfinite(facts, parts, fix)
    elif facts.get("n_found") is not None:
        headline = _min_samples(facts, parts, fix)
    elif facts.get("got") or facts.get("container") or facts.get("shape"):
        headline = _expected_2d(facts, parts, fix)
    elif facts.get("n_features") is not None:
        headline = _n_features(facts, parts, fix)
    elif facts.get("lengths"):
        headline = _inconsistent(facts, parts, fix)
    else:
        return None
    code = str(facts.get("code") or "").strip()
    if code and not frame.pkg and not re.match(r"[0-9]+\s", code):
        parts.append(f"Line: `{code}`.")
    elif frame.pkg and frame.pkg != "sklearn":
        parts.append(f"The check ran inside {frame.pkg}, which calls scikit-learn with the data you gave it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
