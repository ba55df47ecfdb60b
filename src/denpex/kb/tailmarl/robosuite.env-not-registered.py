"""Computed diagnosis for robosuite.env-not-registered: which package should register the task."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTIN = {"Lift", "Stack", "NutAssembly", "NutAssemblySingle", "NutAssemblySquare", "NutAssemblyRound", "PickPlace",
            "PickPlaceSingle", "PickPlaceMilk", "PickPlaceBread", "PickPlaceCereal", "PickPlaceCan", "Door", "Wipe",
            "ToolHang", "TwoArmLift", "TwoArmPegInHole", "TwoArmHandover", "TwoArmTransport"}
_MIMICGEN = re.compile(r"^(\w+)_(D\d|O\d)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("env_name") or "")
    if not name:
        return None
    imp = str(facts.get("import_error") or "")
    m = _MIMICGEN.match(name)
    fix: list[str] = []
    if m:
        diagnosis = "MimicGen task: mimicgen not imported"
        text = (f"{name} is a MimicGen task variant of {m.group(1)} ({m.group(2)}); it is registered only after `import mimicgen` "
                "(the module was called mimicgen_envs before 2024).")
        fix = ["pip install -e mimicgen (NVlabs/mimicgen) and add `import mimicgen` before creating the env.",
               "In robomimic / Diffusion Policy forks replace `import mimicgen_envs` by `import mimicgen`; use robosuite 1.4.1 for MimicGen datasets."]
    elif name in _BUILTIN:
        diagnosis = "built-in task missing: robosuite import is broken"
        text = f"{name} ships with robosuite itself; if it is missing, robosuite's environments failed to import."
        fix = ["python -c \"import robosuite.environments.manipulation\"  # shows the real import error", "Reinstall robosuite (pip install -e . from source)."]
    elif name.startswith(("PnP", "Kitchen")) or "Counter" in name or "Cab" in name:
        diagnosis = "RoboCasa task: robocasa not imported"
        text = f"{name} looks like a RoboCasa kitchen task; it registers only after `import robocasa` with the robosuite version RoboCasa requires."
        fix = ["pip install -e robocasa and its robosuite branch, then `import robocasa` before robosuite.make."]
    else:
        diagnosis = "custom task not imported"
        text = f"{name} is not a robosuite task: it must come from the project's own env module, imported before robosuite.make."
        fix = [f"Import the module that defines class {name} (it registers itself), or check the spelling/class name."]
    if imp:
        text += f" An extension import failed earlier: {imp}."
        fix.append("Fix that import first (usually a robosuite version the package does not support).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
