"""Computed diagnosis for gym.wrapper-attribute-removed: the replacement for the attribute used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    wrapper = str(facts.get("wrapper") or "")
    sig = facts.get("_signature")
    if not attr:
        return None
    if attr == "seed":
        return Explanation(
            text=f"env.seed() does not exist since gym 0.26 / Gymnasium ({wrapper or 'the env'} has no seed method).",
            fix=("Replace env.seed(s) with obs, info = env.reset(seed=s) on the first reset, and env.action_space.seed(s) if you sample actions.",),
            derived={"replacement": "env.reset(seed=...)"},
        )
    if sig == "forwarding-deprecated":
        return Explanation(
            text=f"env.{attr} is read through the wrapper stack; it still works on 0.29 but raises AttributeError on Gymnasium 1.x.",
            fix=(f"Use env.unwrapped.{attr} (base env attribute) or env.get_wrapper_attr('{attr}').",),
            derived={"replacement": f"env.unwrapped.{attr}"},
        )
    return Explanation(
        text=(f"The outer wrapper {wrapper} does not define {attr}; Gymnasium 1.x no longer forwards attribute lookups "
              "to the wrapped environment."),
        fix=(f"env.unwrapped.{attr} if the environment defines it, env.get_wrapper_attr('{attr}') if a wrapper does "
             f"(set with env.set_wrapper_attr('{attr}', value)); or pin gymnasium<1.0.",),
        derived={"replacement": f"env.unwrapped.{attr}"},
    )
