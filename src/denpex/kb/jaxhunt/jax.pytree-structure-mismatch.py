"""Computed diagnosis for jax.pytree-structure-mismatch: what differs between the two trees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "custom-node-type":
        exp = str(facts.get("expected_type") or "")
        got = facts.get("got_type")
        if not exp:
            return None
        local = "<locals>" in exp or (got and "<locals>" in str(got))
        if got and str(got).replace("'", "") == exp.replace("'", ""):
            text = (f"Both sides are '{exp}' by name but different class objects: the class was defined twice "
                    "(notebook cell re-run, module reloaded, or created inside a function).")
        elif got:
            text = f"The first tree has a {exp} node where the second has {got}."
        else:
            text = f"The second tree does not hold an instance of {exp} (the same class object) at this node."
        if local:
            text += " The class is defined inside a function (<locals>): every call creates a new class."
        fix = ("Define the class once at module level and build both trees from it;",
               "print(jax.tree.structure(a)) and (b) to compare.")
        return Explanation(text=text, fix=fix, derived={"detail": f"node type {exp} vs {got or 'other'}"})
    if sig == "custom-node-data":
        left, right = facts.get("left"), facts.get("right")
        text = f"Same node class, different metadata/children: {left} vs {right}."
        fix = ("Build the second tree with the same static fields/keys as the first (or tree_map over the first tree only with is_leaf).",)
        return Explanation(text=text, fix=fix, derived={"detail": "custom node data differs"})
    if sig == "list-arity":
        left, right = facts.get("left"), facts.get("right")
        text = f"A list has {left} elements in one tree and {right} in the other."
        fix = ("Make the lists the same length (same number of layers/items) or use tuples/dicts keyed consistently.",)
        return Explanation(text=text, fix=fix, derived={"detail": f"list length {left} vs {right}"})
    return None
