"""Computed diagnosis for sb3.unsupported-space: library mismatch vs algorithm/space mismatch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ALGOS = {
    "Discrete": "DQN, PPO, A2C, QRDQN, MaskablePPO",
    "Box": "SAC, TD3, DDPG, TQC, PPO, A2C",
    "MultiDiscrete": "PPO, A2C, MaskablePPO",
    "MultiBinary": "PPO, A2C",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "dict-obs-needs-multiinput":
        pol = facts.get("policy") or "MlpPolicy"
        return Explanation(
            text=f"The observation space is a Dict; {pol} expects a single array observation.",
            fix=("use policy 'MultiInputPolicy' (e.g. PPO('MultiInputPolicy', env))",
                 "or flatten observations with gymnasium.wrappers.FlattenObservation and keep MlpPolicy"),
            derived={"problem": f"Dict observation space with {pol}"},
        )
    if sig == "space-not-gym":
        which = facts.get("which") or "observation"
        return Explanation(
            text=(f"check_env of stable-baselines / SB3 < 2.0 requires the env's {which} space to be a gym.spaces.Space; this env's "
                  f"{which}_space is a gymnasium space (or not a space object at all)."),
            fix=("for a gymnasium env: pip install 'stable-baselines3>=2.0' (gymnasium support) and import check_env from it",
                 "or keep SB3 1.x and build the env with gym (import gym; from gym import spaces)",
                 f"if {which}_space is a list/array/tuple, define it as a space: spaces.Box(low, high, shape, dtype) or spaces.Discrete(n)"),
            derived={"problem": f"{which} space is not a gym.spaces.Space"},
        )
    if sig == "env-not-gym":
        return Explanation(
            text=("check_env of stable-baselines3 < 2.0 requires a subclass of gym.Env (the old OpenAI gym); this env subclasses "
                  "gymnasium.Env, a simulator's own Env class (ROS / robo-gym wrappers) or no Env class at all."),
            fix=("make the env class inherit from gym.Env (class MyEnv(gym.Env)) and call super().__init__()",
                 "for a gymnasium env: pip install 'stable-baselines3>=2.0' (gymnasium-based)",
                 "if the env comes from a wrapper library, check_env the inner gym env it exposes (e.g. env.unwrapped)"),
            derived={"problem": "env is not a gym.Env"},
        )
    if sig == "env-not-gymnasium":
        return Explanation(
            text=("SB3 >= 2.0 checks environments against gymnasium.Env; this env subclasses gym.Env (the old OpenAI gym) or no Env "
                  "class at all."),
            fix=("port the env to gymnasium: import gymnasium as gym; from gymnasium import spaces; reset() returns (obs, info) and "
                 "step() returns (obs, reward, terminated, truncated, info)",
                 "or wrap an old gym env: shimmy's GymV26CompatibilityV0 / GymV21CompatibilityV0 (pip install shimmy)",
                 "or pin stable-baselines3<2.0 with gym"),
            derived={"problem": "env is not a gymnasium.Env"},
        )
    if sig != "action-space-unsupported":
        return None
    supported = facts.get("supported") or ""
    provided = facts.get("provided") or ""
    classes = re.findall(r"<class '([\w.]+)'>", supported)
    names = {c.rsplit(".", 1)[-1]: c for c in classes}
    libs = {c.split(".", 1)[0] for c in classes}
    lib = "/".join(sorted(libs)) or "?"
    if provided in names:
        other = "gymnasium" if lib == "gym" else "gym"
        text = (f"The env's {provided} space is not a {names[provided]}: the env builds {other} spaces while this SB3 checks {lib} "
                "spaces (same name, different class).")
        if lib == "gym":
            fix = ("pip install 'stable-baselines3>=2.0' (gymnasium-based) for a gymnasium env",
                   "or build the env with gym.spaces and pin stable-baselines3<2 with gym")
        else:
            fix = ("port the env to gymnasium (import gymnasium as gym; gymnasium.spaces) or pip install shimmy so SB3 2.x converts gym envs",
                   "or pin stable-baselines3<2 to keep gym")
        return Explanation(text=text, fix=fix, derived={"problem": f"gym/gymnasium mismatch ({provided} from the other library)", "library_checked": lib})
    ok = ", ".join(sorted(names)) or supported
    algos = _ALGOS.get(provided)
    text = f"This algorithm supports only {ok} action spaces; the env provides {provided}."
    fix = []
    if algos:
        fix.append(f"use an algorithm that supports {provided}: {algos}")
    if provided in ("Dict", "Tuple"):
        fix.append("SB3 has no Dict/Tuple action support: flatten to Box or MultiDiscrete with an ActionWrapper and decode in the env")
    elif provided == "Box" and "Discrete" in names:
        fix.append("or discretise the Box actions into a Discrete/MultiDiscrete space if DQN is required")
    elif provided == "Discrete" and "Box" in names:
        fix.append("or expose a Box action and map it to the discrete choice inside the env (argmax/thresholds)")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": f"{provided} not supported (supports {ok})", "library_checked": lib})
