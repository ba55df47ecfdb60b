"""Computed diagnosis for gym.dependency-not-installed: which extra to install and how."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dep = str(facts.get("dependency") or "")
    extra = str(facts.get("extra") or "")
    module = str(facts.get("module") or "")
    family = str(facts.get("family") or "")
    low = (dep or module).lower()
    fix: list[str] = []
    if family == "Atari":
        return Explanation(
            text=f"An old gym Atari environment could not import {module or 'its emulator'}.",
            fix=("pip install \"gymnasium[atari]\" (ale-py >= 0.9 ships the ROMs) and import ale_py before gym.make; "
                 "old gym: pip install \"gym[atari,accept-rom-license]\".",),
            derived={"dependency": module or "atari", "extra": "gymnasium[atari]"},
        )
    if facts.get("_signature") == "mujoco-py-envs-moved":
        return Explanation(
            text=("Gymnasium 1.x no longer ships the mujoco-py based v2/v3 MuJoCo environments: their ids only raise this "
                  "ImportError. They live in gymnasium-robotics and still need mujoco-py (MuJoCo 2.1)."),
            fix=("Use the v5 (or v4) id with the maintained bindings: pip install \"gymnasium[mujoco]\" and gym.make('Hopper-v5').",
                 "To reproduce old v2/v3 results: pip install gymnasium-robotics mujoco-py (MuJoCo 2.1 in ~/.mujoco/mujoco210), "
                 "import gymnasium_robotics before gym.make, and keep gymnasium-robotics at a release matching your gymnasium."),
            derived={"dependency": "mujoco_py", "extra": "gymnasium-robotics"},
        )
    if "mujoco_py" in low or module == "mujoco_py":
        return Explanation(
            text="An old gym MuJoCo environment (v2/v3) needs mujoco-py, which is not importable.",
            fix=("Switch to the v4/v5 id (e.g. HalfCheetah-v5) and pip install \"gymnasium[mujoco]\" (no mujoco-py needed).",
                 "Or install mujoco-py with MuJoCo 2.1 under ~/.mujoco/mujoco210 and LD_LIBRARY_PATH set."),
            derived={"dependency": "mujoco_py", "extra": "mujoco-py"},
        )
    if not dep and not module:
        return None
    dep = dep or module
    if "box2d" in low:
        fix.append("Install swig first (pip install swig, apt-get install swig or brew install swig), then "
                   f"python -m pip install \"{extra or 'gymnasium[box2d]'}\".")
        text = "Box2D environments (LunarLander, BipedalWalker, CarRacing) import Box2D when their module loads; it is not importable."
    elif "pygame" in low:
        fix.append(f"python -m pip install pygame (or \"{extra or 'gymnasium[classic-control]'}\"), or make the env with render_mode=None if you do not render.")
        text = "Rendering this environment needs pygame, which is not installed in this interpreter."
    elif "mujoco" in low:
        fix.append(f"python -m pip install \"{extra or 'gymnasium[mujoco]'}\"")
        text = "MuJoCo environments need the mujoco Python bindings."
    else:
        fix.append(f"python -m pip install \"{extra}\"" if extra else f"install {dep}")
        text = f"{dep} is an optional dependency of gym/gymnasium and is not installed."
    fix.append("Run pip with the interpreter that runs the code (python -m pip, %pip in notebooks) and restart the kernel.")
    return Explanation(text=text, fix=tuple(fix), derived={"dependency": dep, "extra": extra})
