"""Computed diagnosis for tpot.optimization-process-error: read the progress lines around the error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    best = facts.get("best_score")
    skipped = facts.get("skipped_timeout")
    if best is None and skipped is None:
        return None
    if skipped is not None:
        try:
            n = int(skipped)
        except (TypeError, ValueError):
            n = None
        diagnosis = "pipelines timed out"
        text = ("Pipelines were skipped for exceeding max_eval_time_mins"
                + (f" (up to pipeline #{n})" if n is not None else "")
                + ": with every pipeline timed out or failed, no score is finite.")
        fix = ("Raise max_eval_time_mins, lower n_jobs, subsample the data or use config_dict='TPOT light'.",)
    elif str(best).strip().lstrip("-") == "inf":
        diagnosis = "every pipeline failed"
        text = ("The best internal CV score is -inf: every pipeline of the generation raised, so the cause is shared "
                "(scikit-learn version too new for this TPOT, NaN/strings in X, a continuous y for TPOTClassifier, "
                "a raising scorer).")
        fix = ("Compare tpot and scikit-learn versions (pip install -U tpot, or pin scikit-learn to what the TPOT release supports).",
               "Re-run with verbosity=3 to print each pipeline's error.")
    else:
        diagnosis = f"last finite best score {best}"
        text = (f"A finite CV score ({best}) was reported before the error: later generations lost the best pipeline, "
                "typically through time-outs or memory kills of the remaining pipelines.")
        fix = ("Raise max_eval_time_mins / lower n_jobs, or set periodic_checkpoint_folder to keep the best pipeline found.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
