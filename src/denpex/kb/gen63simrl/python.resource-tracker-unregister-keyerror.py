"""Computed diagnosis for python.resource-tracker-unregister-keyerror: resource kind from the name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("resource") or "")
    if not name:
        return None
    if name.startswith("/psm_"):
        kind = "multiprocessing.shared_memory segment"
    elif "joblib_memmapping_folder" in name:
        kind = "joblib memmapping folder (loky tracker)"
    elif name.startswith("/loky-") or name.startswith("/mp-"):
        kind = "semaphore"
    else:
        kind = "named shared resource"
    return Explanation(
        text=(f"The resource tracker was asked to forget {name} ({kind}) that it no longer held: a double or foreign "
              "unregister. It is printed by the tracker process and does not stop the program; if the run failed, the cause is another error."),
        fix=("Look for the main process's own traceback or exit status.",
             "To silence it: attach with SharedMemory(name, track=False) on Python 3.13+, or unlink only in the creating process."),
        derived={"kind": kind},
    )
