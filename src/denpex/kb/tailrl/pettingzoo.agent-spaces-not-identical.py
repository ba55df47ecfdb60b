"""Computed diagnosis for pettingzoo.agent-spaces-not-identical: which space and which SuperSuit wrapper pads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    space = facts.get("space")
    if not isinstance(space, str) or not space:
        return None
    space = space.lower()
    wrapper = "pad_observations_v0" if space == "observation" else "pad_action_space_v0"
    where = ("SuperSuit's vector-env conversion" if facts.get("_signature") == "supersuit-not-consistent"
             else "Tianshou's PettingZooEnv")
    text = (f"{where} uses one {space} space for all agents, but the agents of this environment report different "
            f"{space} spaces (shape, bounds or dtype).")
    fix = (f"Wrap the PettingZoo env before vectorizing: env = supersuit.{wrapper}(env)"
           + (" (add pad_action_space_v0 too if action spaces differ)" if space == "observation" else "") + ".",
           "If the agents are really different, train them with separate policies instead of one shared vector env.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"heterogeneous {space} spaces"})
