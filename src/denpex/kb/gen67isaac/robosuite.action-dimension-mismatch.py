"""Computed diagnosis for robosuite.action-dimension-mismatch: empty, shorter or longer action vector."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SPEC = "compare env.action_dim / [r.action_dim for r in env.robots] with the size your policy or dataset produces"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        expected = int(facts["expected"])
        got = int(facts["got"])
    except (KeyError, TypeError, ValueError):
        return None
    if got == 0:
        text = (f"The action was empty while the robot takes {expected} values: the script built the action for parts "
                "this robot does not have (custom robot without a matching controller/gripper config, or a demo "
                "written for another robot).")
        return Explanation(text=text, fix=("build actions from env.action_spec / np.zeros(env.action_dim)",
                                           "register the custom robot's controller config and default gripper"),
                           derived={"hint": " (empty action: the script filled no entries for this robot)"})
    diff = got - expected
    side = "more" if diff > 0 else "fewer"
    text = (f"The action has {abs(diff)} {side} value(s) than the environment's controllers consume ({got} vs {expected}): "
            "the policy or data comes from another robot, controller type or gripper setup.")
    hint = " (one value apart: usually the gripper)" if abs(diff) == 1 else " (policy/data from another robot or controller)"
    return Explanation(text=text, fix=(_SPEC, "recreate the env with the data's robots, controller_configs and gripper_types"),
                       derived={"hint": hint})
