"""Computed diagnosis for sklearn.not-fitted: which object was used before fit and the usual way that
happens for that kind of object (a re-created vectorizer/scaler at inference, a model pickled before
fit, cross_val_score/GridSearchCV fitting clones, a Pipeline with pre-fitted steps)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_TRANSFORMERS = re.compile(r"(?:Vectorizer|Scaler|Encoder|Imputer|Transformer|Binarizer|PCA|SVD|Normalizer|Selector|Discretizer|Centerer|Tfidf)", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("estimator") or "")
    ending = str(facts.get("ending") or "")
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    headline = f"{name or 'the estimator'} was used before fit()"
    parts.append(f"{name or 'The estimator'}.predict/transform (or an attribute that needs training) was called on an instance that was never fitted: the object in hand is not the one that was trained.")
    if name == "Pipeline":
        parts.append("For a Pipeline: call pipe.fit(X, y) before predict; scikit-learn 1.8 also checks that a Pipeline built from already-fitted steps was fitted as a whole (wrap pre-fitted steps in FrozenEstimator, or fit the pipeline).")
        fix.append("Fit the Pipeline (pipe.fit(X_train, y_train)) before using it, or wrap pre-fitted steps with sklearn.frozen.FrozenEstimator (1.6+).")
    elif _TRANSFORMERS.search(name):
        parts.append(f"{name} is a preprocessing step: at prediction time a NEW {name}() was created (or a fresh one was pickled) instead of reusing the instance fitted on the training data - the fitted vocabulary/scales/categories are lost.")
        fix.append(f"Save the FITTED {name} together with the model (joblib.dump(pipeline) of one Pipeline, or pickle the same objects after .fit/.fit_transform) and load it at prediction time; call only .transform() on new data.")
    else:
        parts.append("Common ways to get here: the model was pickled/saved before .fit() ran (notebook cells out of order, the save code placed before training), a new instance is created in the prediction script instead of loading the trained one, or cross_val_score/GridSearchCV were run - they fit CLONES and leave your object unfitted (use search.best_estimator_ or call .fit yourself).")
        fix.append(f"Call {name or 'model'}.fit(X_train, y_train) before predict, and save the fitted object after fit (joblib.dump(model, 'model.joblib')); after GridSearchCV use search.best_estimator_.")
    attr = str(facts.get("attr") or "")
    if attr:
        parts.append(f"'{attr}' is a learned attribute (scikit-learn names them with a trailing underscore); it only exists after fit()/partial_fit() ran on data. A loop that calls partial_fit for every file/utterance leaves it missing when no item was processed (empty or wrong data folder, every item skipped).")
        fix.insert(0, f"Make sure {name or 'the estimator'}.fit/partial_fit actually ran on data before reading .{attr} (check the input folder and that the loop did not skip every item).")
    if ending == "method":
        parts.append("The wording ('before using this method') is from scikit-learn < 0.22; a model pickled with another scikit-learn version can also load incompletely - retrain/re-save with the installed version.")
    if frame.pkg and frame.pkg not in ("sklearn",):
        parts.append(f"The unfitted object is used inside {frame.pkg}: check the order in which it fits/uses its internal estimators (a library bug with this scikit-learn version is possible).")
    fix.append("Check quickly: from sklearn.utils.validation import check_is_fitted; check_is_fitted(obj) right after loading it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
