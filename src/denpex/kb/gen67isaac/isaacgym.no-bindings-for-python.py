"""Computed diagnosis for isaacgym.no-bindings-for-python: unsupported platform vs too new a Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CREATE = "conda create -n rlgpu python=3.8 && conda activate rlgpu && pip install -e isaacgym/python"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    version = str(facts.get("py_version") or "")
    if not version:
        return None
    if facts.get("win_path"):
        text = (f"The traceback runs on Windows (Python {version}): Isaac Gym Preview ships compiled bindings "
                "only for Linux x86_64, so no Python version works there.")
        fix = ("run legged_gym / Isaac Gym inside WSL2 Ubuntu (or a Linux machine)", _CREATE,
               "or move the task to Isaac Lab, which supports Windows")
        return Explanation(text=text, fix=fix, derived={"platform_note": " on Windows (Linux x86_64 only)"})
    try:
        minor = int(version.split(".")[1])
    except (IndexError, ValueError):
        return None
    if minor >= 9:
        text = (f"Python {version} is newer than the bindings Isaac Gym Preview 4 ships (gym_36/37/38.so): "
                "create a Python 3.8 environment.")
        return Explanation(text=text, fix=(_CREATE,), derived={"platform_note": " (Preview 4 has 3.6-3.8 only)"})
    text = (f"Python {version} is supported on Linux, yet no gym_3{minor}.so was found: the _bindings folder for this "
            "platform is missing (non-x86_64 machine, or an incomplete isaacgym copy).")
    fix = ("ls isaacgym/python/isaacgym/_bindings/linux-x86_64/", "re-extract IsaacGym_Preview_4_Package.tar.gz and reinstall")
    return Explanation(text=text, fix=fix, derived={"platform_note": " (bindings folder missing)"})
