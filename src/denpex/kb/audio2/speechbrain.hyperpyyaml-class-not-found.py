"""Computed diagnosis for speechbrain.hyperpyyaml-class-not-found: which code base owns the missing name and what to align."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = str(facts.get("target") or "").rstrip(".")
    kind = str(facts.get("kind") or "class")
    if not target:
        return None
    module, _, name = target.rpartition(".")
    top = target.split(".", 1)[0]
    tag = "!new:" if kind == "class" else "!name:"
    if top == "speechbrain":
        text = (f"The YAML's {tag}{target} does not exist in the installed SpeechBrain: the config (recipe or the model repo's "
                f"hyperparams.yaml) was written for another SpeechBrain version ({name} missing from {module}).")
        fix = ("Install the version the model card / recipe names: pip install -U speechbrain (1.x configs) or "
               "pip install 'speechbrain<1.0' (0.5-era configs).",
               f"Or edit the YAML to the name used by your version (grep -rn '{name}' in the speechbrain package).")
    elif top in ("recipes", "templates") or module.count(".") == 0 and module:
        text = (f"{tag}{target} refers to a recipe-local module that is not importable from the current working directory / "
                "PYTHONPATH.")
        fix = ("Run the script from the folder the recipe expects, or export PYTHONPATH=<repository root>.",
               f"Or refer to the module by a path importable from there (e.g. {tag}{module.rsplit('.', 1)[-1]}.{name}).")
    else:
        text = (f"{tag}{target}: the installed '{top}' code has no {name} in {module or top}. The config (model files) is newer or "
                "older than the code loading it.")
        fix = (f"Update the '{top}' code base (git pull / update the plugin that vendors it) to the version the model config was "
               "released with, or use the model version that matches your code.",)
    return Explanation(text=text, fix=fix, derived={"module": module, "name": name})
