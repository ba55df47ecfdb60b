"""Computed diagnosis for lightfm.feature-matrix-mismatch: which side, how many columns too many."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    side = str(facts.get("side") or "")
    if facts.get("_signature") == "rows":
        ent = str(facts.get("entity") or f"{side}s")
        text = (f"The {side} feature matrix has a different number of rows than the interactions have {ent}: "
                "the two were built from different id mappings.")
        return Explanation(text=text, fix=(f"Build the interactions and {side}_features from the same lightfm.data.Dataset.",))
    emb, cols = facts.get("embeddings"), facts.get("matrix_cols")
    if not isinstance(emb, int) or not isinstance(cols, int):
        return None
    extra = cols - emb
    text = (f"The model learnt {emb} {side}-feature embeddings, but the {side} feature matrix passed now has {cols} "
            f"columns ({extra} more).")
    fix = [f"Pass the same {side}_features used in fit (shape [n_{side}s, {emb}]) to predict / precision_at_k / auc_score."]
    if extra > 0 and emb < cols:
        text += (f" A matrix with {cols} columns and no {side}_features argument is typically LightFM's identity "
                 f"matrix (one column per {side}); a model trained on {emb} feature columns cannot use it.")
        fix.append(f"Build new {side}s' rows with the training Dataset so they use only the {emb} known columns.")
    return Explanation(text=text, fix=tuple(fix), derived={"extra_columns": extra})
