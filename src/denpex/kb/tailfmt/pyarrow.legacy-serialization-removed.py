"""Computed diagnosis for pyarrow.legacy-serialization-removed: removed API vs version-skewed data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    sym = str(facts.get("symbol") or "")
    if sig == "attribute-removed":
        return Explanation(
            text=(f"pyarrow.{sym} was removed in pyarrow 12.0.0 (deprecated since 2.0.0); this environment has pyarrow >= 12."),
            fix=("pip install 'pyarrow<12' (or the exact version the project pins) to run the code as written.",
                 "Or port the loader to pickle and convert existing pa.serialize blobs once with the old pyarrow."),
            derived={"what": f": pyarrow.{sym} no longer exists (pyarrow >= 12)"},
        )
    if sig == "deprecation-warning":
        return Explanation(
            text=f"Only a warning: pyarrow.{sym} still works in this version but disappears in pyarrow 12.",
            fix=("Pin pyarrow<12 now, and plan the move to pickle/Arrow IPC.",),
            derived={"what": f": pyarrow.{sym} deprecated (removed in 12.0.0)"},
        )
    if sig == "sparse-tensor-ipc":
        what = ": blobs written by pyarrow 0.14.x read by a newer pyarrow"
        fix = ("pip install pyarrow==0.14.1 (the writer's version) to read the data, or convert it to pickle with that version.",)
    else:
        what = ": blobs written by another pyarrow version"
        fix = ("Install the pyarrow version the dataset was written with (see the project's requirements; 0.14.1-0.17.1 are common).",
               "Then convert the records to pickle once so later pyarrow upgrades do not matter.")
    return Explanation(
        text="pa.deserialize could not decode the stored bytes: they were produced by a different pyarrow serializer version.",
        fix=fix,
        derived={"what": what},
    )
