"""Computed diagnosis for nemo.restore-abstract-modelpt: name the file and the checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("nemo_file") or "").strip()
    f = path or "model.nemo"
    text = ("NeMo fell back to the abstract ModelPT: the class named by target in the archive's model_config.yaml is missing, "
            "not importable, or failed to construct with this NeMo version.")
    if path:
        text = f"{path}: " + text
    fix = (f"tar -xOf {f} ./model_config.yaml | grep -n '^target'   # is the class path there?",
           f"Restore with the concrete class, e.g. nemo.collections.asr.models.EncDecCTCModelBPE.restore_from('{f}')",
           "Install the NeMo version and extras used for training (pip install 'nemo_toolkit[all]==<version>').")
    return Explanation(text=text, fix=fix, derived={"nemo_file_suffix": f" {path}" if path else ""})
