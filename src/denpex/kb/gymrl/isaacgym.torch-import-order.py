"""Computed diagnosis for isaacgym.torch-import-order."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "torch-before-isaacgym":
        return Explanation(
            text="torch was already in sys.modules when isaacgym's gymapi was imported; Isaac Gym must load torch itself.",
            fix=("Move `import isaacgym` to the very top of the entry script (before torch and any module that imports it).",
                 "If the import is already first, find the indirect torch import: python -X importtime script.py 2>&1 | grep -m5 torch."),
            derived={"problem": "torch imported before isaacgym"},
        )
    if sig == "modules-before-simulationapp":
        mods = re.findall(r"'([\w.]+)'", str(facts.get("modules") or ""))
        bad = [m for m in mods if m != "omni.kit_app"]
        if not bad:
            return Explanation(text="Only omni.kit_app was loaded before SimulationApp: harmless.", derived={"problem": "benign module check"})
        return Explanation(
            text=f"{', '.join(bad)} were imported before SimulationApp started and may bind to the wrong libraries.",
            fix=("Create SimulationApp/AppLauncher first, then import " + ", ".join(bad) + " and the task modules below it.",),
            derived={"problem": f"{len(bad)} module(s) imported before SimulationApp"},
        )
    return None
