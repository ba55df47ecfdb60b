"""Computed diagnosis for lammps.torchscript-model-load-aborted: name the model file in the message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip().rstrip(".")
    exc = str(facts.get("exception") or "torch::jit::ErrorReport")
    part = f" {model}" if model else ""
    text = (f"libtorch threw {exc} while LAMMPS loaded{part or ' the deployed model'} in pair_coeff; nothing caught it, "
            "so the process aborted. The linked libtorch and the PyTorch that deployed the model most likely differ.")
    return Explanation(text=text, derived={"model_part": part})
