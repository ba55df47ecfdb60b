"""Computed diagnosis for joblib.worker-terminated: decode the workers' exit codes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODE = re.compile(r"([A-Z]+)\((-?\d+)\)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("exit_codes")
    if not isinstance(raw, str) or not raw.strip():
        return Explanation(
            text=("A loky worker died; the exit codes are not in this excerpt. Look for 'The exit codes of the workers are {...}' "
                  "or rerun with n_jobs=1 to see a Python error."),
            fix=("Rerun with n_jobs=1 (or 2) and check dmesg for the OOM killer.",),
            derived={"diagnosis": "worker died (exit code not shown)"},
        )
    codes = _CODE.findall(raw)
    if not codes:
        return None
    names = [name for name, _ in codes]
    n = len(codes)
    workers = f"{n} worker{'s' if n > 1 else ''}"
    if "SIGKILL" in names:
        diagnosis = "killed by the OOM killer (SIGKILL)"
        text = (f"{workers} died with {raw}: SIGKILL(-9) is sent by the kernel's out-of-memory killer (or a container/Slurm memory "
                "limit). The parallel fits together needed more RAM than the machine or job allows.")
        fix = ("Lower n_jobs (e.g. n_jobs=2..4) and set pre_dispatch='n_jobs'; keep the estimator's own n_jobs=1 inside a parallel search.",
               "Reduce per-worker memory (float32, sparse input, smaller models) or request more memory; confirm with dmesg -T | grep -i 'killed process'.")
    elif "SIGSEGV" in names or "SIGBUS" in names:
        diagnosis = "native crash in a worker (SIGSEGV/SIGBUS)"
        text = (f"{workers} crashed with {raw}: a segmentation fault in native code (a C/C++ extension, OpenMP/BLAS, GPU library) "
                "inside the worker. SIGBUS can also mean /dev/shm ran out while joblib memmapped the data.")
        fix = ("Run the failing estimator with n_jobs=1 in the search (or joblib.parallel_backend('threading')) and OMP_NUM_THREADS=1.",
               "Do not initialise GPU/OpenMP libraries in the parent before the workers start; upgrade the native library.")
    elif "SIGABRT" in names:
        diagnosis = "native abort in a worker (SIGABRT)"
        text = (f"{workers} aborted with {raw}: a C library called abort(), typically an OpenMP runtime or CUDA used after fork, "
                "or an assertion in an extension module.")
        fix = ("Keep GPU or OpenMP estimators (XGBoost, LightGBM, ThunderSVM) single-process in the search: n_jobs=1 for the search "
               "or for the estimator, not both parallel.",)
    elif all(name == "EXIT" for name in names):
        diagnosis = "workers exited (EXIT code)"
        text = (f"{workers} exited with {raw}: the worker process ended on its own, usually because it could not start "
                "(spawned worker failed to import the main script/notebook code) or hit a MemoryError while unpickling large data.")
        fix = ("Guard the script with if __name__ == '__main__': and define the estimator/scoring functions in an importable module.",
               "Lower n_jobs and the data size passed to each task.")
    else:
        diagnosis = f"workers died with {raw}"
        text = f"{workers} died with {raw} while running tasks; rerun with n_jobs=1 to see the underlying error."
        fix = ("Rerun with n_jobs=1 to expose the error, then size n_jobs to memory.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
