"""Computed diagnosis for mujoco.simulation-unstable: what the quantity and time point to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    q = str(facts.get("quantity") or "")
    idx = facts.get("index")
    t = facts.get("sim_time")
    if not q:
        return None
    where = f"{'actuator' if q == 'CTRL' else 'DOF'} {idx}" if idx is not None else "some index"
    sing = facts.get("singular_dof")
    fix: list[str] = []
    if q == "CTRL":
        text = f"The control written to {where} was NaN/Inf/huge: the actions fed to the simulator are invalid."
        fix += ["Check the policy output for NaN (diverged training) and clip actions to the action space before env.step.",
                "Enable ctrllimited with a ctrlrange on that actuator."]
    elif isinstance(t, float) and t == 0.0:
        text = f"{q} at {where} is already non-finite at Time = 0: the model or initial state is unstable, not the policy."
        fix += ["Check masses/inertias and initial geom overlaps around that DOF (model.dof_jntid[%s])." % idx,
                "Add joint damping/armature; verify the initial qpos keeps bodies out of penetration."]
    else:
        at = f" at Time = {t:.4f}" if isinstance(t, float) else ""
        text = f"{q} at {where} diverged{at}: the dynamics exploded during the episode."
        fix += ["Clip actions and assert np.isfinite(action).all() before each step.",
                "Reduce <option timestep> (raise frame_skip to keep the control rate) or switch to integrator=\"implicitfast\".",
                "Add damping/armature to the joint of that DOF and soften contacts (solref/solimp)."]
    if isinstance(sing, int):
        text += f" MuJoCo also reported a near-singular inertia matrix at DOF {sing}: fix that body's mass/inertia."
    return Explanation(text=text, fix=tuple(fix), derived={"where": where})
