"""Computed diagnosis for evaluate.code-eval-not-allowed: which gate stopped the metric."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "windows":
        return Explanation(
            text="code_eval never runs on native Windows (it needs POSIX process isolation); HF_ALLOW_CODE_EVAL does not change that.",
            fix=("Score under WSL2 or a Linux container: save generations first, then run the metric there.",),
            derived={"gate": "windows"},
        )
    lang = str(facts.get("language") or "Python")
    return Explanation(
        text=(f"code_eval refused to execute generated {lang} code because HF_ALLOW_CODE_EVAL is not '1' "
              "in the scoring process's environment."),
        fix=("export HF_ALLOW_CODE_EVAL=1   (or os.environ['HF_ALLOW_CODE_EVAL'] = '1' before compute)",
             "Forward it through the launcher (docker -e, srun --export) and run the scoring in a sandbox."),
        derived={"gate": "HF_ALLOW_CODE_EVAL"},
    )
