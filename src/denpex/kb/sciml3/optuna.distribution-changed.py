"""Computed diagnosis for optuna.distribution-changed: which kind of conflict, for which parameter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KIND = {
    "categorical-choices": "list of categorical choices",
    "distribution-kind": "distribution kind (int/float/categorical)",
    "log-configuration": "log setting",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in _KIND:
        return None
    conflict = _KIND[sig]
    param = str(facts.get("param") or "")
    who = f"parameter '{param}'" if param else "a parameter"
    text = (f"{who} was suggested with a different {conflict} than the one recorded in this study "
            "(an earlier trial, or the stored study you resumed).")
    name = param or "name"
    fix = [f"Use a distinct name for each search space, e.g. '{name}_a' and '{name}_b' in the two branches."]
    if sig == "categorical-choices":
        fix.append("If you extended the choices on purpose, create a new study (new study_name/storage); "
                   f"or suggest an index: i = trial.suggest_int('{name}_idx', 0, len(choices) - 1).")
    elif sig == "distribution-kind":
        fix.append(f"Use the same suggest_* method for '{name}' everywhere (not suggest_int in one place and suggest_float in another).")
    else:
        fix.append(f"Use the same log=True/False for '{name}' in every suggest call, or start a new study.")
    return Explanation(text=text, fix=tuple(fix), derived={"conflict": conflict})
