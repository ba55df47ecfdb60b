"""Computed diagnosis for lerobot.module-layout-changed: which layout the code expects, and the new import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW_HOME = {
    "lerobot.common.datasets.lerobot_dataset": "lerobot.datasets.lerobot_dataset",
    "lerobot.common.datasets.utils": "lerobot.datasets.utils",
    "lerobot.common.datasets.factory": "lerobot.datasets.factory",
    "lerobot.common.policies.factory": "lerobot.policies.factory",
    "lerobot.common.constants": "lerobot.constants (lerobot.utils.constants on 0.4+)",
    "lerobot.common.robot_devices": "lerobot.robots / lerobot.teleoperators / lerobot.cameras / lerobot.motors",
}


def _new_path(module: str) -> str:
    if module in _NEW_HOME:
        return _NEW_HOME[module]
    for old, new in _NEW_HOME.items():
        if module.startswith(old + "."):
            return new + module[len(old):]
    if module == "lerobot.common":
        return "lerobot (top-level subpackages: lerobot.datasets, lerobot.policies, ...)"
    if module.startswith("lerobot.common."):
        return "lerobot." + module[len("lerobot.common."):]
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    if sig == "lerobot-home-renamed":
        diagnosis = "LEROBOT_HOME was renamed HF_LEROBOT_HOME"
        text = (f"The script imports LEROBOT_HOME from {module or 'lerobot'}; the installed lerobot is newer than the code "
                "(LEROBOT_HOME became HF_LEROBOT_HOME in Feb 2025).")
        fix = ("Install the lerobot commit the project pins (openpi: use its uv environment / uv.lock).",
               "Or edit the import: from lerobot.common.constants import HF_LEROBOT_HOME (early-2025 main), "
               "from lerobot.constants import HF_LEROBOT_HOME (0.3), from lerobot.utils.constants import HF_LEROBOT_HOME (0.4+).")
    elif sig in ("common-removed", "common-name-moved") and module.startswith("lerobot.common"):
        new = _new_path(module)
        what = f"'{name}' from {module}" if name else module
        diagnosis = "code expects the old lerobot.common layout"
        text = (f"The code imports {what}, i.e. the lerobot.common.* layout (lerobot <= 0.2 / early-2025 main); "
                "the installed lerobot does not have it" + (f" (the module now lives at {new})." if new else "."))
        fix = ("Pin the lerobot commit the project was written for (see its pyproject.toml, uv.lock or README).",)
        if new:
            fix = fix + (f"Or update the import to the installed layout: {module} -> {new}.",)
    elif sig == "new-module-missing" and module:
        diagnosis = "code expects the lerobot 0.3+ layout"
        text = (f"The code imports {module}, which exists only in lerobot 0.3+ (src/ layout with robots, teleoperators, "
                "processor); the installed lerobot is older (lerobot.common.*).")
        fix = ("pip install -U lerobot (or the commit the project pins), then rerun.",
               "python -c \"import lerobot; print(lerobot.__file__)\"  # make sure the expected copy is the one imported")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
