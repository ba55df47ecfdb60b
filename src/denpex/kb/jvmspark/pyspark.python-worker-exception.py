"""Computed diagnosis for pyspark.python-worker-exception: read the inner Python error and route it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("inner_error") or "")
    msg = str(facts.get("inner_message") or "").strip()
    short = err.rsplit(".", 1)[-1]
    if not err:
        return Explanation(
            text="A Python function ran on an executor and raised; the real error is the last line of the Python traceback in the failure.",
            fix=("Find the last 'XxxError: ...' line after 'Traceback (most recent call last)' and fix the UDF/RDD function for that input.",),
            derived={"inner_note": ""},
        )
    note = f": {short}: {msg}"[:200]
    if short in ("ModuleNotFoundError", "ImportError"):
        text = f"The executors' Python cannot import what the function needs ({msg}); the driver's environment has it, the workers' does not."
        fix = ("Ship the environment: --conf spark.archives=env.tar.gz#env and PYSPARK_PYTHON=./env/bin/python, or --py-files for your modules,",
               "or install the package on every node / in the cluster's library settings.")
    elif short in ("PicklingError",) or "pickle" in msg.lower():
        text = f"The function or its data could not be (un)pickled on the worker ({short}: {msg})."
        fix = ("Do not capture clients/models/locks in the closure: create them inside the function or per partition (mapPartitions).",)
    elif short == "TypeError" and ("NoneType" in msg or "None" in msg):
        text = f"The function received None (a null in the column) and failed: {short}: {msg}."
        fix = ("Handle nulls in the UDF (if x is None: return None) or filter them out before applying it.",)
    else:
        text = f"The Python function raised on an executor: {short}: {msg}."
        fix = ("Reproduce locally on the failing rows and fix the function; check that it returns the declared returnType.",)
    return Explanation(text=text, fix=fix, derived={"inner_note": note})
