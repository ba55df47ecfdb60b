"""Computed diagnosis for gym.env-space-undefined: which space, and what was there instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    space = facts.get("space")
    if not isinstance(space, str) or not space:
        return None
    space = space.lower()
    attr = f"{space}_space"
    actual = facts.get("actual_type")
    example = "gym.spaces.Discrete(n)" if space == "action" else "gym.spaces.Box(low=-1.0, high=1.0, shape=(k,), dtype=np.float32)"
    if isinstance(actual, str) and actual:
        inner = actual.removeprefix("<class '").removesuffix("'>")
        if inner == "NoneType":
            diagnosis = f"{attr} is None"
            text = f"self.{attr} exists but is None: it is assigned later (reset/step) or only on some code path."
        elif inner == "type":
            diagnosis = f"{attr} is a class, not an instance"
            text = f"self.{attr} holds a space class (e.g. spaces.Discrete) instead of an instance (spaces.Discrete(4))."
        elif inner.startswith("gym.spaces") or inner.startswith("gymnasium.spaces"):
            diagnosis = "spaces from the other package (gym vs gymnasium)"
            text = (f"self.{attr} is a {inner} object, which is not a Space of the package doing the check: "
                    "the env mixes gym and gymnasium.")
        else:
            diagnosis = f"{attr} is a {inner}"
            text = f"self.{attr} holds a plain {inner} (a shape or size), not a Space object."
    else:
        diagnosis = f"{attr} not defined"
        text = (f"The environment object has no {attr} attribute when gym.make wraps it: the class never assigns it in "
                "__init__ (code written for gym <= 0.21 often did not need it).")
    fix = (f"In the env's __init__ set self.{attr} = {example} (an instance of the spaces module of the package you subclass).",
           "For an unmaintained repository pin the gym version it was written for (often gym==0.21) or, as a stopgap, "
           "gym.make(env_id, disable_env_checker=True).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
