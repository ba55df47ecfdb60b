"""Computed diagnosis for d4rl.optional-env-import-warning: does the failed suite matter?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = facts.get("component")
    module = facts.get("module")
    if not isinstance(comp, str) and not isinstance(module, str):
        return None
    name = (comp or module or "").strip()
    low = name.lower()
    if "mujoco" in low:
        diagnosis = "Mujoco-based suite missing: locomotion/antmaze envs unavailable"
        text = ("The Mujoco-based D4RL suite did not import: hopper/halfcheetah/walker2d/ant/antmaze environments are not "
                "registered, so making them will fail next.")
        fix = ("pip install 'mujoco-py<2.2,>=2.1' and install MuJoCo 2.1 binaries (~/.mujoco/mujoco210), then retry import d4rl.",)
    elif low in {"flow", "carla", "frankakitchen", "gymbullet"} or low.startswith(("flow", "carla")):
        diagnosis = f"optional suite {name} absent (harmless unless used)"
        text = (f"D4RL's optional {name} suite is not installed. Only its own environments are missing; other D4RL "
                "datasets work. Look for the real error elsewhere in the log.")
        fix = ("export D4RL_SUPPRESS_IMPORT_ERROR=1  # silence it",)
    else:
        diagnosis = f"optional suite {name} absent"
        text = f"D4RL could not import '{name}'; environments of that suite are not registered."
        fix = ("export D4RL_SUPPRESS_IMPORT_ERROR=1 if you do not use that suite.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
