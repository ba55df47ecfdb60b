"""Computed diagnosis for catboost.option-not-recognized: nearest valid spelling or known rename."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {
    "fold_permutation_block_size": "fold_permutation_block",
}
_OTHER_LIBS = {
    "num_leaves": "max_leaves (with grow_policy='Lossguide')",
    "colsample_bytree": "rsm (colsample_bylevel)",
    "min_child_weight": "min_data_in_leaf (with grow_policy Depthwise/Lossguide)",
    "num_boost_round": "iterations",
    "objective": "loss_function",
    "metric": "eval_metric",
    "tree_method": "(no equivalent; drop it)",
    "n_jobs": "thread_count",
}
# arguments of fit()/predict() that are not constructor parameters
_FIT_ARGS = {"eval_set", "sample_weight", "baseline", "group_id", "group_weight", "subgroup_id", "pairs",
             "pairs_weight", "init_model", "X", "y", "callbacks", "column_description"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value = facts.get("value")
    sig = facts.get("_signature")
    if sig == "enum-key-not-found" or facts.get("enum"):
        valid = re.findall(r"'([^']*)'", str(facts.get("valid") or ""))
        enum = str(facts.get("enum") or "the enum")
        if value is None:
            return None
        match = difflib.get_close_matches(str(value), valid, n=1, cutoff=0.5)
        lower = [v for v in valid if v.lower() == str(value).lower()]
        best = (lower or match or [None])[0]
        if best:
            text = (f"'{value}' is not a member of {enum}; the closest accepted value is '{best}'. "
                    f"Accepted: {', '.join(valid)}.")
            fix = (f"Use '{best}' instead of '{value}' (values are case-sensitive).",)
            diagnosis = f"typo: '{value}' -> '{best}'"
        else:
            text = f"'{value}' is not a member of {enum}. Accepted: {', '.join(valid) or '?'}."
            fix = ("Use one of the listed values exactly.",)
            diagnosis = f"value not in {enum}"
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "suggestion": best or ""})
    option = facts.get("option")
    if not option:
        return None
    option = str(option)
    if option in _RENAMED:
        new = _RENAMED[option]
        text = f"The option is called {new} in the CatBoost package, not {option}."
        fix = (f"Rename {option}={value} to {new}={value}.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "renamed option", "suggestion": new})
    if option in _OTHER_LIBS:
        new = _OTHER_LIBS[option]
        text = f"{option} is a parameter of XGBoost/LightGBM/scikit-learn, not CatBoost; the CatBoost counterpart is {new}."
        fix = (f"Replace {option} with {new} or drop it.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "parameter of another library", "suggestion": new})
    if option in _FIT_ARGS:
        text = (f"{option} is an argument of fit() (and some of predict/eval), not a model parameter: it was passed to the "
                "CatBoost constructor or inside the params dict, where the Python package rejects it.")
        fix = (f"Pass it to fit: model = CatBoostClassifier(...); model.fit(X, y, {option}=...).",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "fit() argument given as a parameter", "suggestion": f"fit({option}=...)"})
    shown = f" (value {value})" if value is not None else ""
    text = (f"The installed CatBoost does not know the option {option}{shown}: a typo, a parameter of "
            "another library, or an option added in a newer CatBoost release.")
    fix = (f"Check the spelling of {option} in the CatBoost parameter reference for your version.",
           "If the option is documented for a newer release: pip install -U catboost.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "unknown option name", "suggestion": ""})
