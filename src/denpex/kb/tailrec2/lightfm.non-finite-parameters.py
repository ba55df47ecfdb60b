"""Computed diagnosis for lightfm.non-finite-parameters: which check fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "input-not-finite":
        return Explanation(
            text=("LightFM refused the input before training: the interactions, a feature matrix or sample_weight "
                  "holds NaN or inf values (a missing rating, a division by zero while building weights)."),
            fix=("Check each matrix: np.isfinite(m.data).all() for interactions, user_features, item_features and sample_weight.",
                 "Replace or drop the non-finite entries before building the COO/CSR matrices."),
            derived={"kind": "NaN/inf in the input"},
        )
    if sig == "parameters-not-finite":
        return Explanation(
            text=("Training itself diverged: after an epoch the embeddings or biases contain NaN/inf. The inputs were finite, "
                  "so the step size is too large for their scale (learning rate, unnormalised features or weights)."),
            fix=("Lower learning_rate (e.g. 0.01) or use learning_schedule='adadelta'.",
                 "Normalise feature rows (normalize=True in Dataset.build_*_features) and scale sample weights to about 1."),
            derived={"kind": "training diverged"},
        )
    return None
