"""Computed diagnosis for isaaclab.module-renamed: which generation the import belongs to, and its new name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _lab2_name(module: str) -> str:
    for old, new in (("omni.isaac.lab_tasks", "isaaclab_tasks"), ("omni.isaac.lab_assets", "isaaclab_assets"),
                     ("omni.isaac.lab_rl", "isaaclab_rl"), ("omni.isaac.lab_mimic", "isaaclab_mimic"),
                     ("omni.isaac.lab", "isaaclab"), ("omni.isaac.orbit_tasks", "isaaclab_tasks"),
                     ("omni.isaac.orbit_assets", "isaaclab_assets"), ("omni.isaac.orbit", "isaaclab")):
        if module == old or module.startswith(old + "."):
            return new + module[len(old):]
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = str(facts.get("module") or "")
    if not module:
        return None
    if sig in ("lab1-on-lab2", "orbit-on-lab"):
        new = _lab2_name(module)
        gen = "Orbit" if sig == "orbit-on-lab" else "Isaac Lab 1.x"
        diagnosis = f"code written for {gen} ({module})"
        text = (f"The code imports {module}, a {gen} package name. Isaac Lab 2.x (Isaac Sim 4.5+) calls it {new or 'isaaclab*'}"
                + ("; Isaac Lab 1.x called it " + module.replace("orbit", "lab") if sig == "orbit-on-lab" else "") + ".")
        fix = (f"Install the Isaac Lab release the project targets ({gen}; 1.x runs on Isaac Sim 4.0-4.2), or",
               f"port the imports: {module} -> {new or 'isaaclab...'} (Isaac Lab 2.0 release notes have a rename script), then pip install -e the project's extension.")
    elif sig == "lab2-missing":
        diagnosis = f"code written for Isaac Lab 2.x ({module}) but Isaac Lab 2.x is not importable here"
        text = (f"{module} exists only in Isaac Lab 2.x; this Python has Isaac Lab 1.x (omni.isaac.lab) or no Isaac Lab at all "
                "(script not started through isaaclab.sh -p / the env where Isaac Lab is installed).")
        fix = ("./isaaclab.sh -p <script>  (or activate the env where `./isaaclab.sh --install` was run)",
               "If Isaac Lab 1.x is installed: upgrade to Isaac Lab 2.x with Isaac Sim 4.5+, or use the project's 1.x-era commit.")
    elif sig == "omni-missing":
        diagnosis = "not running in Isaac Sim's Python"
        text = (f"'{module}' is provided only by Isaac Sim; this interpreter does not have it: the script was started with a plain "
                "python instead of isaaclab.sh -p / Isaac Sim's python.sh, or the conda env lacks the isaacsim pip package.")
        fix = ("Run ./isaaclab.sh -p <script> (binary install: check the _isaac_sim symlink), or pip install isaacsim in the active env.",)
    elif sig == "sim-extension-not-loaded":
        old = module.startswith("omni.isaac.")
        diagnosis = (f"Isaac Sim extension {module} not loaded"
                     + (" (omni.isaac.* names: Isaac Sim <= 4.2)" if old else " (isaacsim.* names: Isaac Sim >= 4.5)"))
        text = (f"{module} is an Isaac Sim extension module: it can be imported only after SimulationApp/AppLauncher has started, "
                "and only under the name of the installed Isaac Sim generation (omni.isaac.* up to 4.2, isaacsim.* from 4.5; "
                "the omni.isaac.* aliases are gone in 5.0).")
        fix = ("Create the app first (AppLauncher(args).app or SimulationApp(config)), then import the extension modules.",
               "Use the module names of the installed Isaac Sim (e.g. omni.isaac.core -> isaacsim.core.api on 4.5+).")
    elif sig == "oige-gym-extension-missing":
        diagnosis = f"OmniIsaacGymEnvs code ({module}) on an Isaac Sim without the omni.isaac.gym extension"
        text = (f"{module} comes from Isaac Sim's omni.isaac.gym extension, which OmniIsaacGymEnvs needs; it ships only with "
                "Isaac Sim 2022.x-2023.1.1 (OIGE's last supported release), so a 4.x/5.x install (or a plain python outside "
                "Isaac Sim's python.sh) cannot import it.")
        fix = ("Run OIGE with Isaac Sim 2023.1.1 and its python.sh (PYTHON_PATH scripts/rlgames_train.py task=...), or",
               "move the task to Isaac Lab (the successor of OmniIsaacGymEnvs; DirectRLEnv ports of the OIGE tasks exist).")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
