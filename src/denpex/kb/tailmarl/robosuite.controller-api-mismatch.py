"""Computed diagnosis for robosuite.controller-api-mismatch: which robosuite generation each side expects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PART = {"OSC_POSE", "OSC_POSITION", "JOINT_VELOCITY", "JOINT_POSITION", "JOINT_TORQUE", "IK_POSE"}
_COMPOSITE = {"BASIC", "WHOLE_BODY_IK", "WHOLE_BODY_MINK_IK", "HYBRID_MOBILE_BASE"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    ctrl = str(facts.get("controller") or "")
    name = str(facts.get("name") or "")
    if sig in ("composite-not-loaded", "composite-not-found"):
        if ctrl in _PART:
            diagnosis = f"1.4-style {ctrl} config on robosuite 1.5"
            text = (f"{ctrl} is a part (arm) controller: robosuite 1.5 looks the config's type up among composite controllers, "
                    "so this config was made for robosuite <= 1.4 (robomimic/MimicGen datasets and checkpoints store such configs).")
            fix = ("pip install robosuite==1.4.1 for robomimic/MimicGen data and checkpoints.",
                   f"Or on 1.5: cfg = robosuite.load_composite_controller_config(controller='BASIC', robot='Panda') and set the arm part to type {ctrl}.")
        else:
            diagnosis = f"composite controller {ctrl} is not registered"
            text = f"'{ctrl}' is not a composite controller registered in this robosuite (typo, or a controller of another robosuite branch)."
            fix = ("Use one of BASIC, WHOLE_BODY_IK, HYBRID_MOBILE_BASE, or import the module that registers it.",)
    elif sig == "unknown-part-controller":
        if ctrl in _COMPOSITE:
            diagnosis = f"composite controller {ctrl} requested from the part-controller loader"
            text = f"{ctrl} is a robosuite 1.5 composite controller; load_part_controller_config only knows arm controllers."
            fix = (f"Use robosuite.load_composite_controller_config(controller='{ctrl}', robot=...) instead.",)
        else:
            diagnosis = f"unknown controller {ctrl}"
            text = f"'{ctrl}' is not a known part controller of this robosuite version."
            fix = ("Use one of the names the message lists, or the robosuite version the config was written for.",)
    elif sig == "loader-renamed":
        if name == "load_controller_config":
            diagnosis = "code for robosuite <= 1.4 on robosuite 1.5"
            text = "load_controller_config was replaced in robosuite 1.5 by load_part_controller_config / load_composite_controller_config."
            fix = ("pip install robosuite==1.4.1 for that code, or port it: load_part_controller_config(default_controller='OSC_POSE') "
                   "for an arm config, load_composite_controller_config(controller='BASIC') for a robot config.",)
        else:
            diagnosis = "code for robosuite 1.5 on robosuite <= 1.4"
            text = f"{name} exists only in robosuite 1.5+."
            fix = ("pip install -U 'robosuite>=1.5'",)
    elif sig == "lite-physics-kwarg":
        diagnosis = "env kwargs from robosuite 1.5 on robosuite <= 1.4"
        text = "lite_physics is a robosuite 1.5 environment option; the stored env kwargs come from 1.5 and the installed robosuite is older."
        fix = ("pip install -U 'robosuite>=1.5', or remove lite_physics from env_meta['env_kwargs'] before creating the env.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
