"""Computed diagnosis for lightfm.predict-user-ids-type: the conversion for the received type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    received = facts.get("received")
    if not received:
        return None
    r = str(received)
    if r.startswith("numpy.int") or r.startswith("numpy.uint"):
        kind = "numpy integer scalar"
        text = (f"user_ids is a single {r} scalar (from iterating a numpy array or pandas column); predict accepts "
                "a Python int for one user.")
        fix = ("model.predict(int(uid), item_ids)",)
    elif r in {"list", "tuple", "range"}:
        kind = "Python sequence"
        text = f"user_ids is a {r}; predict needs an np.int32 array with one id per (user, item) pair."
        fix = ("model.predict(np.array(user_ids, dtype=np.int32), np.array(item_ids, dtype=np.int32))",)
    elif r == "str" or r.startswith("numpy.str"):
        kind = "external id string"
        text = ("user_ids is a string: predict takes LightFM's internal integer indices, not your external ids.")
        fix = ("Map the id first: uid_map = dataset.mapping()[0]; model.predict(uid_map[user], item_ids)",)
    else:
        kind = "other type"
        text = f"user_ids has type {r}; predict accepts an int or an np.int32 array."
        fix = ("Convert with int(...) for one user or np.asarray(ids, dtype=np.int32) for pairs.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
