"""Computed diagnosis for xgboost.spark-training-failed: point at the executor-side cause when it is in the log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "")
    code = facts.get("exit_code")
    code_txt = f" (tracker/Rabit exit code {code})" if code is not None else ""
    if "Container killed by YARN" in cause or "OutOfMemoryError" in cause:
        diagnosis = "an executor ran out of memory"
        text = (f"A training task was killed for memory{code_txt}: native XGBoost memory is off-heap, so it must fit "
                "in spark.executor.memoryOverhead, not spark.executor.memory.")
        fix = ("Raise spark.executor.memoryOverhead (e.g. to 30-50% of executor memory) or spread the data over more workers.",)
    elif cause.startswith("ExecutorLostFailure"):
        diagnosis = "an executor was lost during training"
        text = (f"An executor disappeared during training{code_txt} (preemption, autoscaling, node failure); Rabit cannot "
                "continue without every worker.")
        fix = ("Disable spark.dynamicAllocation.enabled and spark.speculation for the job; use non-preemptible nodes.",)
    elif "Check failed" in cause or "XGBoostError: [" in cause:
        diagnosis = "native XGBoost error inside a worker"
        text = f"A worker raised inside native XGBoost{code_txt}: {cause[:200]}"
        fix = ("Fix the parameter/data problem named in that line; it fails the same way in every worker.",)
    elif cause in ("Connection refused", "Broken pipe"):
        diagnosis = "workers lost the tracker connection"
        text = f"Workers could not talk to the Rabit tracker or to each other ({cause}){code_txt}."
        fix = ("Make the tracker host/port reachable from every executor; see xgboost.rabit-connect-failed.",)
    else:
        diagnosis = "cause not in this log"
        text = (f"The driver only reports that the training tasks failed{code_txt}. The first failure is in the executor "
                "logs or the failed tasks of the training stage in the Spark UI.")
        fix = ("yarn logs -applicationId <app> | grep -m5 -E 'Killed|OutOfMemory|XGBoostError|Check failed'",
               "Check num_workers <= free task slots and disable dynamic allocation for the training job.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
