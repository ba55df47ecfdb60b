"""Computed diagnosis for optuna.integration-not-installed: the pip command for the integration in use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXTRA = {
    "lightgbm": "lightgbm", "xgboost": "xgboost", "catboost": "catboost", "keras": "keras", "tfkeras": "tfkeras",
    "tensorflow": "tensorflow", "pytorch_lightning": "pytorch_lightning", "pytorch_ignite": "pytorch_ignite",
    "pytorch_distributed": "pytorch_distributed", "sklearn": "sklearn", "mlflow": "mlflow", "wandb": "wandb",
    "fastai": "fastai", "shap": "shap", "botorch": "botorch", "chainer": "chainer", "allennlp": "allennlp",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    integ = str(facts.get("integration") or "").strip()
    key = integ.lower()
    if key.endswith("objective"):
        key = key[: -len("objective")]
    extra = _EXTRA.get(key)
    pip = f"pip install 'optuna-integration[{extra}]'" if extra else "pip install optuna-integration"
    name = integ or "the integration"
    text = (f"optuna.integration.{key or '<module>'} now lives in the separate optuna-integration package, which is not installed "
            "in this environment (Optuna 3.2+ moved the integrations out).")
    fix = (f"{pip}  # same release line as the installed optuna",
           f"New code: import from optuna_integration{('.' + key) if key else ''} instead of optuna.integration.",
           "Or pin optuna<3.2 for code that cannot be changed.")
    return Explanation(text=text, fix=fix,
                       derived={"integration": key or name, "diagnosis": "optuna-integration not installed"})
