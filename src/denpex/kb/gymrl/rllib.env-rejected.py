"""Computed diagnosis for rllib.env-rejected: which of the three refusals and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ATARI = ("NoFrameskip", "ALE/", "Pong", "Breakout", "BeamRider", "SpaceInvaders", "Qbert", "Seaquest")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    env = str(facts.get("env") or "")
    if sig == "invalid-env-descriptor" and env:
        fix: list[str] = []
        if any(a in env for a in _ATARI):
            text = f"'{env}' is an Atari id; the workers have no ALE/ROMs registered."
            fix.append("pip install \"gymnasium[atari]\" (ale-py >= 0.9 ships ROMs; old gym: gym[atari] autorom[accept-rom-license]) in every node's environment; "
                       "use ALE/<Game>-v5 ids with Gymnasium.")
        elif "." in env and not env.endswith(tuple(f"-v{i}" for i in range(10))) and "-v" not in env:
            text = f"'{env}' looks like a class path that the workers cannot import."
            fix.append("Make the module importable on every worker (runtime_env={'working_dir': '.'} or install the package), or pass the class object.")
        else:
            text = f"'{env}' is not a Gymnasium id, not a register_env name and not an importable class in the workers."
            fix.append(f"register_env('{env}', lambda cfg: MyEnv(cfg)) before building the algorithm, or config.environment(MyEnv).")
            fix.append(f"If '{env}' comes from a package, install it on all nodes and import it in the env creator so it registers in the worker.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": f"env string '{env}' unknown"})
    if sig == "old-gym-api":
        return Explanation(
            text=f"The env {env or ''} uses the old gym API (reset -> obs, step -> 4 values), refused since Ray 2.3.".replace("  ", " "),
            fix=("Port it: import gymnasium as gym; reset(self, *, seed=None, options=None) returns (obs, info); "
                 "step returns (obs, reward, terminated, truncated, info).",
                 "Or wrap the old env with gymnasium's compatibility layer (shimmy GymV21CompatibilityV0 / EnvCompatibility)."),
            derived={"problem": "old gym API"},
        )
    if sig == "unsupported-env-type":
        t = str(facts.get("env_type") or "")
        if "gym." in t and "gymnasium" not in t:
            hint = "It derives from the old gym package; subclass gymnasium.Env instead."
        elif "list" in t or "dict" in t or "tuple" in t or "function" in t:
            hint = "The env creator returned a container/function instead of an env instance."
        else:
            hint = "Make it subclass gymnasium.Env (or MultiAgentEnv for multi-agent)."
        return Explanation(
            text=f"RLlib got an object of type {t or '?'}, which is not one of its env types. {hint}",
            fix=("class MyEnv(gymnasium.Env) with observation_space/action_space set in __init__, passed as config.environment(MyEnv, env_config={...}).",),
            derived={"problem": f"env of type {t}"},
        )
    return None
