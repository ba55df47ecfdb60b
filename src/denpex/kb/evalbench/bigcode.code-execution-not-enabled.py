"""Computed diagnosis for bigcode.code-execution-not-enabled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tasks = str(facts.get("tasks") or "").replace("'", "").replace('"', "").replace(" ", "")
    t = tasks or "<tasks>"
    return Explanation(
        text=(f"bigcode-evaluation-harness scores {tasks or 'these tasks'} by executing the generated code and "
              "was not given --allow_code_execution."),
        fix=(f"accelerate launch main.py --model <model> --tasks {t} --allow_code_execution   # in a container",
             f"or: --tasks {t} --generation_only --save_generations, then --load_generations_path <file> --allow_code_execution in a sandbox"),
        derived={"tasks": tasks} if tasks else {},
    )
