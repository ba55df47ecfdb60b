"""Computed diagnosis for physx.gpu-buffer-overflow: config field names and a size to set."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUFFER = {"contact": "maxRigidContactCount", "patch": "maxRigidPatchCount"}
EXPLODED = 100_000_000


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = facts.get("required")
    if not isinstance(req, int):
        return None
    param = str(facts.get("param") or "") or _BUFFER.get(str(facts.get("buffer") or "").lower(), "")
    if not param:
        return None
    snake = _snake(param)
    size = _pow2(req)
    if req >= EXPLODED:
        return Explanation(
            text=(f"PhysX asks for {param} = {req:,}: far beyond any real scene, the simulation most likely exploded "
                  "(NaN or huge states put every body in contact)."),
            fix=("Find the instability: check actions/root states for NaN/inf, clip actions, lower PD gains or dt, fix URDF inertias and self-collisions.",
                 "Growing the buffer to this size would only exhaust GPU memory."),
            derived={"param": param, "exploded": True},
        )
    return Explanation(
        text=f"GPU PhysX {param} needs {req:,} this step; interactions beyond the current capacity are dropped.",
        fix=(f"Isaac Lab: sim.physx.gpu_{snake} = {size} (PhysxCfg); OmniIsaacGymEnvs task yaml: sim.physx.gpu_{snake}: {size}",
             f"ManiSkill/SAPIEN: sim_config=dict(gpu_memory_config=dict({snake}={size})); Isaac Gym: raise sim_params.physx.max_gpu_contact_pairs or default_buffer_size_multiplier",
             "Or lower num_envs / increase env spacing so environments do not interact."),
        derived={"param": param, "suggested_size": size, "exploded": False},
    )
