"""Computed diagnosis for tune.unknown-trainable: RLlib algorithm name vs user trainable name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# RLlib algorithms that stayed in the main package through Ray 2.x.
_CORE = {"PPO", "APPO", "IMPALA", "DQN", "SAC", "CQL", "BC", "MARWIL", "DreamerV3"}
# Old-stack algorithms that left the main RLlib package during the Ray 2.x series (rllib_contrib).
_MOVED = {"A2C", "A3C", "DDPG", "TD3", "ES", "ARS", "MAML", "MBMPO", "PG", "R2D2", "SimpleQ",
          "SlateQ", "AlphaStar", "AlphaZero", "BanditLinUCB", "BanditLinTS", "CRR", "DT",
          "LeelaChessZero", "QMIX", "APEX", "APEX_DDPG", "MADDPG", "DDPPO", "Dreamer"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not name:
        return None
    name = str(name).strip("'\".,")
    upper = {n.upper(): n for n in _CORE | _MOVED}
    if name in _CORE:
        return Explanation(
            text=f"'{name}' is a built-in RLlib algorithm, so RLlib did not register it: RLlib is missing or failed to import.",
            fix=("pip install 'ray[rllib]' (same version as ray) and check that python -c 'import ray.rllib' succeeds.",),
            derived={"hint": " (built-in RLlib algorithm: RLlib missing or failing to import)"},
        )
    if name in _MOVED:
        return Explanation(
            text=f"'{name}' is an old RLlib algorithm: on Ray 2.x releases that moved it out of RLlib (rllib_contrib) the name is no longer registered; on older releases RLlib failed to import.",
            fix=(f"Check that your Ray release still ships {name}; otherwise install the release that has it or its rllib_contrib package, or switch to a shipped algorithm.",
                 "pip install 'ray[rllib]' and verify python -c 'import ray.rllib' succeeds."),
            derived={"hint": " (old RLlib algorithm: moved out of RLlib in Ray 2.x, or RLlib not importable)"},
        )
    if name.upper() in upper:
        right = upper[name.upper()]
        return Explanation(
            text=f"'{name}' differs only in case from the RLlib algorithm '{right}'; registry names are case-sensitive.",
            fix=(f"Use '{right}'.",),
            derived={"hint": f" (case: use '{right}')"},
        )
    return Explanation(
        text=f"'{name}' is not an RLlib algorithm: it must be registered with tune.register_trainable in the current Ray session before it is used by name.",
        fix=(f"Pass the function/class itself to tune.run / tune.Tuner instead of '{name}', or call tune.register_trainable('{name}', obj) after ray.init() (again after every ray.shutdown()/ray.init()).",),
        derived={"hint": " (user trainable not registered in this Ray session)"},
    )
