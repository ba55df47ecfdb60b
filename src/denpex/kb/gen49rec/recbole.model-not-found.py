"""Computed diagnosis for recbole.model-not-found: is the name a model of a newer RecBole or not RecBole's at all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# models whose absence from an older installed RecBole is documented in RecBole issue threads
_ADDED_LATER = {
    "SGL": "1.0.1",  # RecBole #1591
    "NCL": "1.0.1",  # RecBole #1591
    "SIMPLEX": "1.1.1",  # RecBole #1423
}
# models that live in RecBole extension repositories, not in core recbole
_EXTENSION = {
    "CAUSEREC": "RecBole-DA",  # RecBole-DA #5
    "CL4SREC": "RecBole-DA",
    "NRMS": "RecBole-TRM",  # RecBole-TRM #1
    "LESSR": "RecBole-GNN",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "").strip()
    if not name:
        return None
    key = name.upper()
    if key in _ADDED_LATER:
        version = _ADDED_LATER[key]
        return Explanation(
            text=f"{name} is a RecBole model added after the installed release; it ships with RecBole {version} and later.",
            fix=(f"pip install -U 'recbole>={version}'", "python -c 'import recbole; print(recbole.__version__)'"),
            derived={"cause": f"needs recbole >= {version}"},
        )
    if key in _EXTENSION:
        repo = _EXTENSION[key]
        return Explanation(
            text=f"{name} is a model of the {repo} toolkit, not of core RecBole; core run_recbole/get_model cannot find it.",
            fix=(f"Run it through {repo}'s own run script (its get_model searches its model package).",),
            derived={"cause": f"model of {repo}"},
        )
    return Explanation(
        text=(f"'{name}' is not a module under recbole.model in the installed RecBole: a model of a newer release, "
              "of an extension repository, or your own class passed as a string."),
        fix=(f"Own model: Config(model={name}, dataset=..., config_file_list=[...]) with the class object, not the string.",
             "Newer built-in model: pip install -U recbole."),
        derived={"cause": "not a built-in model of the installed recbole"},
    )
