"""Computed diagnosis for sklearn.clone-failed: which clone contract was broken, and by what."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _short(name: str) -> str:
    m = re.search(r"([A-Za-z_]\w*)(?: object at 0x[0-9a-f]+)?>?$", name.strip())
    if m:
        return m.group(1)
    m = re.match(r"<?([\w.]+)", name.strip())
    return m.group(1).rsplit(".", 1)[-1] if m else name


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    est = facts.get("estimator")
    if not isinstance(est, str) or not est:
        return None
    param = facts.get("param") if isinstance(facts.get("param"), str) else ""
    est_type = facts.get("est_type") if isinstance(facts.get("est_type"), str) else ""
    name = _short(est)
    sig = facts.get("_signature") or ""
    if "not-an-estimator" in str(sig) or est_type:
        t = est_type.lower()
        if any(k in t for k in ("keras", "tensorflow", "functional", "sequential")):
            diagnosis = "a Keras model is not a scikit-learn estimator"
            text = f"{name} is a Keras model: it has no get_params, so searches and CV cannot clone it."
            fix = ("Wrap it: from scikeras.wrappers import KerasClassifier; est = KerasClassifier(model=build_model, ...)",)
        elif "torch" in t:
            diagnosis = "a torch module is not a scikit-learn estimator"
            text = f"{name} is a PyTorch module without get_params."
            fix = ("Wrap it with skorch (NeuralNetClassifier(module=...)).",)
        elif t.startswith("<class 'type'>") or t.startswith("<class 'abc.abcmeta'>"):
            diagnosis = "the estimator class was passed instead of an instance"
            text = f"{name} was passed as a class; clone needs an instance."
            fix = (f"Use {name}() (with its arguments) in the search.",)
        else:
            diagnosis = "object without get_params"
            text = f"{name} ({est_type}) does not implement get_params/set_params."
            fix = ("Subclass sklearn.base.BaseEstimator (and ClassifierMixin/RegressorMixin) or pass a real estimator.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if "KerasClassifier" in est or "KerasRegressor" in est:
        diagnosis = f"old Keras wrapper copies parameter {param or '?'}"
        text = (f"The TF/Keras scikit-learn wrapper returns copies of its build_fn arguments, so clone's identity check fails"
                f"{' for ' + param if param else ''}.")
        fix = ("Switch to scikeras: KerasClassifier(model=build_model, model__" + (param or "<arg>") + "=...), grid keys model__<arg>.",
               "Keep fit-time arguments (validation_data, callbacks) out of the constructor: pass them to search.fit(...).")
    elif param:
        diagnosis = f"{name}.__init__ changes parameter {param}"
        text = (f"{name}.__init__ does not store '{param}' unchanged as self.{param} (it converts, copies, validates or renames it), "
                "so clone cannot rebuild an identical estimator.")
        fix = (f"In {name}.__init__ write self.{param} = {param} and nothing else; move checks/conversions into fit().",)
    else:
        diagnosis = f"{name} breaks the clone contract"
        text = f"clone() could not rebuild {name}; one constructor parameter is not stored unchanged."
        fix = ("Find the parameter at the end of the message and store it unchanged in __init__.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
