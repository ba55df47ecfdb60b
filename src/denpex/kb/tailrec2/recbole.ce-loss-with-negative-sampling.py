"""Computed diagnosis for recbole.ce-loss-with-negative-sampling: the key of this RecBole release."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_PARAM = {
    "train_neg_sample_args": ("RecBole 1.1+", "train_neg_sample_args: ~"),
    "neg_sampling": ("RecBole 1.0.x", "neg_sampling: ~"),
    "training_neg_sample_num": ("RecBole 0.2.x", "training_neg_sample_num: 0"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param")
    if param not in _BY_PARAM:
        return None
    version, line = _BY_PARAM[param]
    text = (f"The check names '{param}', the training-sampling key of {version}. The model uses loss_type CE, "
            "which scores every item, so this key must be empty.")
    fix = (f"Add '{line}' to the model or overall yaml (or pass it in config_dict), or set loss_type: BPR to keep sampling.",)
    if param == "train_neg_sample_args":
        fix += ("If the code was written for RecBole 1.0 (it sets neg_sampling), install recbole==1.0.1 or rename the key.",)
    return Explanation(text=text, fix=fix, derived={"version": version})
