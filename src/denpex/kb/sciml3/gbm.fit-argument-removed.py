"""Computed diagnosis for gbm.fit-argument-removed: the removed argument and its replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LGB = {
    "early_stopping_rounds": "callbacks=[lgb.early_stopping(stopping_rounds=N)]",
    "verbose_eval": "callbacks=[lgb.log_evaluation(period=N)]",
    "verbose": "callbacks=[lgb.log_evaluation(period=N)] (or params verbosity=-1 to silence)",
    "evals_result": "callbacks=[lgb.record_evaluation(results_dict)]",
    "learning_rates": "callbacks=[lgb.reset_parameter(learning_rate=schedule)]",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = str(facts.get("arg") or "")
    call = str(facts.get("call") or "fit")
    lib = str(facts.get("library") or "")
    if not arg:
        return None
    is_xgb = call.startswith("XGB") or lib.lower().startswith("xgb")
    if is_xgb:
        est = call.split(".")[0] if call.startswith("XGB") else "XGBClassifier"
        text = (f"{call}() lost '{arg}' in XGBoost 2.0: early stopping, eval_metric and callbacks are estimator "
                "parameters now.")
        fix = (f"{est}(..., {arg}=<value>).fit(X, y, eval_set=[(X_val, y_val)])",
               "or pin 'xgboost<2' until the calling code is updated.")
        return Explanation(text=text, fix=fix, derived={"library": "xgboost"})
    repl = _LGB.get(arg)
    if repl is None:
        return None
    text = f"{call}() lost '{arg}' in LightGBM 4.0; the option is a callback now."
    fix = (f"Replace {arg}=N with {repl} in the {call}() call (keep valid_sets / eval_set for early stopping).",
           "or pin 'lightgbm<4' until the calling package is updated.")
    return Explanation(text=text, fix=fix, derived={"library": "lightgbm"})
