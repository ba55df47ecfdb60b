"""Computed diagnosis for torchtune.tune-run-error: the recipe to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "single-device-recipe":
        recipe = str(facts.get("recipe") or "")
        dist = recipe.replace("_single_device", "_distributed") if recipe.endswith("_single_device") else None
        fix = [f"Single GPU: tune run {recipe} --config <config> (no --nproc_per_node/--nnodes)."]
        if dist:
            fix.insert(0, f"Several GPUs: tune run --nproc_per_node <N> {dist} --config <model>/<size>_{'lora' if 'lora' in recipe else 'full'}")
        return Explanation(text=f"{recipe} is a single-device recipe, but torchrun options were passed.",
                           fix=tuple(fix), derived={"problem": f"torchrun options with single-device recipe {recipe}",
                                                    "distributed_recipe": dist or ""})
    if sig == "config-required":
        return Explanation(text="tune run needs --config <name from tune ls or path to a YAML> after the recipe name.",
                           fix=("tune run <recipe> --config <config> [key=value overrides]",), derived={"problem": "--config missing"})
    if sig == "shadowed-cli":
        return Explanation(text="The tune executable that ran is not torchtune's (a Click CLI from another package).",
                           fix=("which -a tune; reinstall torchtune in a clean venv, or python -m torchtune._cli.tune run ...",),
                           derived={"problem": "tune command shadowed by another package"})
    return None
