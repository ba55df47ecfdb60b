"""Computed diagnosis for pyspark.python-worker-connect-failed: name the interpreter the executor tried."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    py = str(facts.get("python") or "")
    if py:
        text = (f"The executor tried to start the Python worker with '{py}' and could not run it, so nothing connected back. "
                "That interpreter is missing on this machine (or not on PATH).")
        fix = (f"Set PYSPARK_PYTHON to an existing interpreter instead of '{py}': os.environ['PYSPARK_PYTHON'] = sys.executable "
               "before SparkSession.builder...getOrCreate().",)
        return Explanation(text=text, fix=fix, derived={"python_note": f" (could not run {py})"})
    return Explanation(
        text="The Python worker started by the executor did not connect back in time: usually the interpreter it runs "
             "(PYSPARK_PYTHON / 'python' on PATH) is a different or broken Python, or localhost connections are blocked.",
        fix=("os.environ['PYSPARK_PYTHON'] = sys.executable; os.environ['PYSPARK_DRIVER_PYTHON'] = sys.executable before creating the session;",
             "check that this Python version is supported by your pyspark release."),
        derived={"python_note": ""},
    )
