"""Computed diagnosis for autosklearn.dummy-prediction-failed: what the run state means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATES = {
    "MEMOUT": ("memory limit too tight",
               "The dummy run exceeded memory_limit (3072 MB by default): the limit is below what loading this dataset needs.",
               ("AutoSklearnClassifier(memory_limit=8192) (MB, per worker) or memory_limit=None; keep n_jobs x memory_limit below the machine's RAM.",)),
    "TIMEOUT": ("per-run time limit too short",
                "The dummy run did not finish within per_run_time_limit.",
                ("Raise per_run_time_limit (and time_left_for_this_task), or subsample the data.",)),
    "CRASHED": ("evaluation subprocess crashed",
                "The pynisher child raised or died. Read 'error'/'traceback' in the additional output: an AttributeError/ImportError "
                "means an incompatible scikit-learn/numpy; 'Result queue is empty' means the child was killed (OOM killer, "
                "container limit), segfaulted, or could not start.",
                ("Install the scikit-learn/numpy versions auto-sklearn's release pins (e.g. auto-sklearn 0.15 with scikit-learn<0.25).",
                 "Run from a script guarded by if __name__ == '__main__' on Linux; check dmesg for OOM kills.")),
    "ABORT": ("run aborted",
              "SMAC aborted the dummy run (resource limits could not be enforced, or the worker was stopped).",
              ("Check the auto-sklearn log directory (tmp_folder) for the worker error; retry with n_jobs=1.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if str(facts.get("_signature") or "") == "no-models-fitted":
        return Explanation(
            text="Old auto-sklearn (<= 0.4) finished the search with no successful model, so predict/score has nothing to use.",
            fix=("Upgrade auto-sklearn (0.6+ reports why the first run failed) or read the per-run errors in the tmp_folder logs.",),
            derived={"status": "no model", "diagnosis": "no model fitted (old auto-sklearn)"},
        )
    status = str(facts.get("status") or "").upper()
    if not status:
        return None
    diag, text, fix = _STATES.get(status, ("dummy run failed", f"The dummy run ended with state {status}.",
                                           ("Read the additional output of the message for the child's error.",)))
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
