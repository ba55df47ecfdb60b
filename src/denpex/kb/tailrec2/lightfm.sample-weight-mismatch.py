"""Computed diagnosis for lightfm.sample-weight-mismatch: which check fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TEXT = {
    "same-order": ("entries differ",
                   "The weights have the interactions' shape but not the same (row, col) entries in the same order: "
                   "usually the interactions were split with random_train_test_split and the weights were not."),
    "same-shape": ("shapes differ",
                   "The weights matrix has another shape than the interactions: built from another user/item mapping "
                   "or before users/items were added or dropped."),
    "not-coo": ("weights are not COO",
                "sample_weight was a CSR/dense matrix; LightFM needs the scipy COO matrix whose entries line up with the interactions."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    entry = _TEXT.get(str(facts.get("_signature")))
    if entry is None:
        return None
    problem, text = entry
    fix = ("Split weights with the same call and seed as the interactions: random_train_test_split(weights, test_percentage=p, "
           "random_state=np.random.RandomState(seed)).",)
    if problem == "weights are not COO":
        fix = ("Pass weights.tocoo() built from the same matrix as the interactions.",) + fix
    return Explanation(text=text, fix=fix, derived={"problem": problem})
