"""Computed diagnosis for kerastuner.consecutive-failed-trials: which keras-tuner generation and what to read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    limit = facts.get("limit")
    try:
        n = int(limit) if limit is not None else None
    except (TypeError, ValueError):
        n = None
    if sig == "too-many-failed-builds":
        return Explanation(
            text="kerastuner <= 1.1 (or AutoKeras 1.0) gave up after 5 failed model builds in a row ('Invalid model k/5'): "
                 "build(hp) raised for every sampled configuration, or AutoKeras refused every candidate over max_model_size.",
            fix=("Set keras_tuner.config.DEBUG = True (kerastuner.engine.tuner.DEBUG on 1.0) to print each build error, fix it, "
                 "or upgrade to keras-tuner 1.2+ which has max_consecutive_failed_trials.",),
            derived={"limit": 5, "wording": "Too many failed attempts to build model", "diagnosis": "every model build failed (<= 1.1)"},
        )
    if sig == "consecutive-failures-excceeded-typo":
        lim = n if n is not None else 3
        return Explanation(
            text=f"keras-tuner 1.2-1.3.5 stopped after {lim} consecutive failed trials. If a TypeError 'can only concatenate str "
                 "(not \"NoneType\") to str' follows, that is a bug of these releases hiding the trial's real error.",
            fix=("pip install -U 'keras-tuner>=1.3.6' to get the real trial traceback in the message.",
                 f"Then fix that error, or raise keras_tuner.errors.FailedTrialError for bad configurations / raise max_consecutive_failed_trials above {lim}."),
            derived={"limit": lim, "wording": "excceeded (1.2-1.3.5)", "diagnosis": f"{lim} failed trials in a row (1.2-1.3.5)"},
        )
    if n is None:
        return None
    fix = ["The traceback printed right under this RuntimeError is the last failed trial's error: fix that one."]
    if n <= 3:
        fix.append(f"To tolerate bad configurations: Tuner(..., max_consecutive_failed_trials={max(n * 3, 10)}, max_retries_per_trial=1), "
                   "or raise keras_tuner.errors.FailedTrialError in build() for known-invalid combinations.")
    return Explanation(
        text=f"{n} trials in a row ended FAILED, so the oracle stopped the search (max_consecutive_failed_trials={n}).",
        fix=tuple(fix),
        derived={"wording": "exceeded (1.3.6+)", "diagnosis": f"{n} failed trials in a row"},
    )
