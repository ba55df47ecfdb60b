"""Computed diagnosis for lmeval.unsafe-code-not-confirmed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").strip()
    if not task:
        return None
    return Explanation(
        text=(f"Task '{task}' runs model-generated code to score it; lm-eval needs an explicit opt-in, "
              "and the code_eval metric needs HF_ALLOW_CODE_EVAL=1 as a second gate."),
        fix=(f"export HF_ALLOW_CODE_EVAL=1 && lm_eval ... --tasks {task} --confirm_run_unsafe_code",
             f"Python: simple_evaluate(..., tasks=['{task}'], confirm_run_unsafe_code=True) with os.environ['HF_ALLOW_CODE_EVAL']='1'",
             "Run it inside a container or sandbox."),
        derived={"task": task},
    )
