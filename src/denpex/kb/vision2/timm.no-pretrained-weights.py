"""Computed diagnosis for timm.no-pretrained-weights: which name to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    model = str(facts.get("model") or "")
    if sig in ("warn-no-weights", "warn-url-invalid"):
        text = ("This timm release found no weights for the requested model and RETURNED A RANDOMLY INITIALISED model: "
                "training/prediction continued without pretrained weights.")
        fix = ("Use a name with weights (timm.list_models(pretrained=True)), e.g. tf_efficientnet_b5 instead of efficientnet_b5,",
               "or upgrade timm; rerun and check the warning is gone.")
        return Explanation(text=text, fix=fix, derived={"model": model or "this model"})
    if sig == "invalid-cfg":
        text = ("The model has no pretrained config at all: a model registered by the project (or renamed default_cfgs) "
                "was asked for pretrained=True.")
        fix = ("Pass the weights explicitly: pretrained_cfg_overlay=dict(file='/path/to/weights.pth'), or load them with "
               "load_state_dict after create_model(..., pretrained=False).",)
        return Explanation(text=text, fix=fix, derived={"model": model or "custom model"})
    if not model:
        return None
    arch, _, tag = model.partition(".")
    if tag == "untrained" or tag.endswith("untrained"):
        text = f"'{model}' is the untrained tag of {arch}: timm publishes no weights under it."
    else:
        text = f"timm has no weights for '{model}' in this release (architecture {arch}{', tag ' + tag if tag else ''})."
    fix = (f"python -c \"import timm; print(timm.list_models('{arch}*', pretrained=True))\" and use one of those full names,",
           "or pip install -U timm if the weights are newer than your timm, or pretrained_cfg_overlay=dict(file=...) for local weights.")
    return Explanation(text=text, fix=fix, derived={"model": model})
