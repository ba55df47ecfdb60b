"""Computed diagnosis for rvc.feature-index-empty: which index file was used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    idx = facts.get("index_file")
    idx = str(idx) if idx else None
    if idx and idx.startswith("trained_"):
        added = "added_" + idx[len("trained_"):]
        diagnosis = "trained_ index selected (no vectors)"
        text = f"The index in use is {idx}: the IVF quantizer before features were added, so it holds 0 vectors."
        fix = (f"Select {added} (same folder) as the feature index.",)
    elif idx:
        diagnosis = "index has no vectors"
        text = f"{idx} returned no neighbours: the file holds no vectors (add step failed, or a broken download)."
        fix = ("Rebuild with 'Train feature index' for this experiment, or set index_rate to 0.",)
    else:
        diagnosis = "index has no vectors"
        text = ("The faiss index used for retrieval is empty (ntotal 0), so every search returned -1. Usually the "
                "trained_*.index was picked instead of added_*.index, or the index was never filled.")
        fix = ("Use the added_IVF*_Flat_*.index of this model, rebuild the index, or set index_rate to 0.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
