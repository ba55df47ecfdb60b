"""Computed diagnosis for h5py.objects-cannot-be-pickled: which start method pickled the Dataset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_METHODS = {
    "popen_spawn_win32": ("spawn on Windows", "Windows always starts DataLoader workers with spawn"),
    "popen_spawn_posix": ("spawn on macOS/POSIX", "macOS defaults to spawn (or the code set it explicitly)"),
    "popen_forkserver": ("forkserver", "Linux defaults to forkserver from Python 3.14 (or the code set it)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("start_method") or "")
    fix = [
        "Keep only the file path on the Dataset; open h5py.File(path, 'r') lazily in the worker (first __getitem__ or worker_init_fn).",
        "Read metadata in __init__ inside a with-block so no handle stays on self.",
    ]
    if method in _METHODS:
        name, why = _METHODS[method]
        text = (f"Workers were started with {name}: {why}, so the Dataset is pickled and its open h5py object "
                "cannot be. The same code passes on Linux with fork only because nothing is pickled there.")
        if method == "popen_forkserver":
            fix.append("Temporary: DataLoader(..., multiprocessing_context='fork') on Linux restores the old behaviour (sharing one forked HDF5 handle is still unsafe).")
        return Explanation(text=text, fix=tuple(fix), derived={"how": name})
    return Explanation(
        text="The Dataset or a pooled function carries an open h5py File/Dataset; starting workers pickled it and h5py refuses.",
        fix=tuple(fix),
        derived={"how": "start method not shown; spawn or forkserver pickles the Dataset"},
    )
