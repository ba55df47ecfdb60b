"""Computed diagnosis for cython.readonly-buffer-source: which compiled module refused the array."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pyx = facts.get("pyx_file")
    if not pyx:
        return None
    module = str(pyx).replace("\\", "/").rsplit("/", 1)[-1]
    text = (f"The Cython kernel in {module} requested a writable buffer and got a read-only NumPy array "
            "(frombuffer, memmap from parallel workers, Arrow or broadcast view).")
    fix = (f"Pass np.array(x, copy=True) to the function implemented in {module}.",
           "If it only fails with n_jobs > 1, run joblib with max_nbytes=None.")
    return Explanation(text=text, fix=fix, derived={"module": module})
