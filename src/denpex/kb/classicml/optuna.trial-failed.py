"""Computed diagnosis for optuna.trial-failed: wrapper vs. bad return value vs. no completed trial."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _param_count(params: str | None) -> int:
    if not params or params.strip() in ("{}", ""):
        return 0
    return params.count(":")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    trial = facts.get("trial")
    params = facts.get("params")
    if sig in ("failed-with-error-v3", "failed-with-error-v2", "failed-with-error-v1", "failed-with-error-v0"):
        err = (facts.get("error") or "").rstrip(".")
        etype = err.split("(", 1)[0].split(":", 1)[0].strip() if err else "the exception"
        who = f"Trial {trial}" if trial is not None else "A trial"
        text = (f"{who} raised {etype} inside the objective"
                + (f" with params {params}" if params else "")
                + ". Optuna only reports it; the exception and the traceback printed after this warning are the failure.")
        fix = [f"Fix the {etype} (see the traceback below the warning; it has its own diagnosis)."]
        if "out of memory" in err.lower() or "OutOfMemory" in err:
            fix.append("For OOM from large sampled batch/model sizes: lower the upper bound of that parameter or catch the OOM, "
                       "torch.cuda.empty_cache(), and raise optuna.TrialPruned().")
        fix.append("To let the study continue past such trials: study.optimize(..., catch=(" + (etype if etype.isidentifier() else "Exception") + ",)).")
        if _param_count(params) == 0 and params is not None:
            fix.append("The trial had no sampled parameters yet: the objective failed before the first suggest_* call (setup/data code).")
        return Explanation(text=text, fix=tuple(fix), derived={"reason": f"objective raised {etype}", "inner_error": etype})
    if sig in ("invalid-value-v3", "invalid-value-v2"):
        value = (facts.get("value") or "").strip()
        returned = (facts.get("error2") or "").strip().rstrip(".")
        v = value or returned
        low = v.lower()
        if "nan" in low or "inf" in low:
            reason = f"objective returned {v}"
            text = (f"Trial {trial} returned {v}: training diverged for these hyperparameters"
                    + (f" ({params})" if params else "") + ".")
            fix = ("Narrow the range that diverges (usually the learning rate upper bound) or add gradient clipping.",
                   "In the objective: if not math.isfinite(val): raise optuna.TrialPruned().")
        elif v in ("None", ""):
            reason = "objective returned None"
            text = (f"Trial {trial}'s objective returned None: a path without return, or an exception caught and printed "
                    "inside the objective.")
            fix = ("Return the metric as a float on every path: return float(metric) (tensor.item() for tensors).",
                   "Remove broad try/except in the objective, or re-raise / raise optuna.TrialPruned() in it.")
        else:
            reason = f"objective returned a non-float ({v})"
            text = f"Trial {trial}'s objective returned {v}, which is not a float (or the wrong number of values for the study's directions)."
            fix = ("Return float(metric); for multi-objective studies return one value per direction as a tuple.",)
        return Explanation(text=text, fix=fix, derived={"reason": reason})
    if sig == "no-completed-trials":
        return Explanation(
            text=("study.best_trial / best_value / best_params was read but no trial is COMPLETE: every trial failed or was pruned, "
                  "or optimize stopped (timeout) before the first trial finished. Look for 'Trial N failed' warnings above."),
            fix=("Fix the failing objective first (see the trial warnings above).",
                 "Guard the access: if study.get_trials(states=[optuna.trial.TrialState.COMPLETE]): print(study.best_params)."),
            derived={"reason": "no trial completed"},
        )
    return None
