"""Computed diagnosis for autogluon.no-models-trained: what the skipped-model lines above say."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    failed = str(facts.get("failed_model") or "")
    nofeat = str(facts.get("no_features_model") or "")
    sig = str(facts.get("_signature") or "")
    old = sig == "did-not-train-any"
    if nofeat:
        return Explanation(
            text=f"Models were skipped with 'No valid features to train' (last: {nofeat}): after AutoGluon's feature "
                 "generators no usable column was left (only IDs, constant columns, or free text without the text models).",
            fix=("Print predictor.feature_metadata_in / the 'Useless Original Features' and 'Unused Original Features' lines "
                 "of the fit log; keep real feature columns, cast numeric strings to numbers, or add text models (MultiModal).",),
            derived={"hint": f" (no valid features, e.g. {nofeat})", "diagnosis": "every feature dropped"},
        )
    if failed:
        return Explanation(
            text=f"Model fits raised (last one: {failed}, 'Exception caused {failed} to fail during training'): the line "
                 "under that warning is the error every model hit. A shared cause (missing/broken model package, "
                 "data type, pickling) fails all models alike.",
            fix=("Run predictor.model_failures() (AutoGluon 1.1+) or read the 'Detailed Traceback' of the first failed model, and fix that error.",
                 "If it is an ImportError or version clash: pip install 'autogluon.tabular[all]' in a clean environment."),
            derived={"hint": f" (last failure: {failed})", "diagnosis": "every model raised"},
        )
    text = ("Every model was skipped and the skip reasons are not in this log excerpt. Look above for 'Exception caused X to "
            "fail during training', 'No valid features to train', 'Not enough memory' or time-limit skips.")
    if old:
        text += " (AutoGluon <= 1.1 wording: fit continues with 'Best model: None' and predict fails later.)"
    return Explanation(
        text=text,
        fix=("Re-run fit with verbosity=3 (and predictor.model_failures()) to see why each model was skipped.",),
        derived={"hint": "", "diagnosis": "no model trained (reason above in the fit log)"},
    )
