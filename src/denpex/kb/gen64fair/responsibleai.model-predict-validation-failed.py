"""Computed diagnosis for responsibleai.model-predict-validation-failed: which model call failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "predict")
    cause = str(facts.get("cause") or "").strip()
    fix: list[str] = []
    low = cause.lower()
    if "predict_proba" in low and ("probability" in low or "not available" in low or "has no attribute" in low):
        diagnosis = "the classifier has no usable predict_proba"
        text = (f"The chained error '{cause}' shows the model cannot return class probabilities, which RAIInsights "
                "needs for a classification task.")
        fix.append("Refit with probability=True (SVC) or wrap the model in CalibratedClassifierCV, or give the wrapper a predict_proba.")
    elif cause.startswith(("ModuleNotFoundError", "XGBoostError", "LightGBMError")):
        diagnosis = "the model's library is missing or at another version in this environment"
        text = f"The model could not run here: '{cause}'."
        fix.append("Install the model's library at the training version in the environment that builds RAIInsights (for Azure ML: the RAI component environment).")
    elif cause:
        diagnosis = f"{method} raised on the RAIInsights data ({cause.split(':', 1)[0]})"
        text = (f"RAIInsights called model.{method} on the train/test frames without the target column and it raised "
                f"'{cause}'; the usual reason is that these frames differ from the model's training input.")
        fix.append("Pass the same raw columns the model (Pipeline) was fitted on; drop ID/date columns or encode features inside the pipeline.")
    elif method == "predict_proba":
        diagnosis = "predict_proba is missing or fails"
        text = ("RAIInsights needs predict_proba for a classification task and the call failed: a classifier without "
                "probabilities, or a regressor declared as task_type='classification'.")
        fix.append("Check task_type, then call model.predict_proba(test.drop(columns=[target]).iloc[:2]) to see the real error.")
    else:
        diagnosis = f"model.{method} fails on the data given to RAIInsights"
        text = (f"The real exception from model.{method} is hidden behind the validation message; it is printed above "
                "'During handling of the above exception' when the log is complete.")
        fix.append(f"Call model.{method}(test.drop(columns=[target_column]).iloc[:2]) yourself to see the original error.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
