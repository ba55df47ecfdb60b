"""Computed diagnosis for detectron2.registry-object-missing: which config key names the missing object."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CFG_KEY = {
    "BACKBONE": "cfg.MODEL.BACKBONE.NAME",
    "META_ARCH": "cfg.MODEL.META_ARCHITECTURE",
    "ROI_HEADS": "cfg.MODEL.ROI_HEADS.NAME",
    "PROPOSAL_GENERATOR": "cfg.MODEL.PROPOSAL_GENERATOR.NAME",
    "SEM_SEG_HEADS": "cfg.MODEL.SEM_SEG_HEAD.NAME",
    "ROI_BOX_HEAD": "cfg.MODEL.ROI_BOX_HEAD.NAME",
    "ROI_MASK_HEAD": "cfg.MODEL.ROI_MASK_HEAD.NAME",
}
_BASICSR = {"arch", "model", "dataset", "loss", "metric"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    reg = str(facts.get("registry") or "")
    if not name or not reg:
        return None
    if reg in _BASICSR:
        text = (f"BasicSR's '{reg}' registry has no '{name}': the module defining it was not imported, usually because "
                "a pip-installed basicsr is imported instead of the repository copy that registers it.")
        fix = ("python -c \"import basicsr; print(basicsr.__file__)\"; if it points to site-packages: pip uninstall basicsr, "
               "then pip install -e . in the repository.",
               f"Check the file defining {name} is named *_arch.py / *_model.py (BasicSR auto-imports by that suffix) "
               "and that its @ARCH_REGISTRY.register() line is present.")
        return Explanation(text=text, fix=fix, derived={"problem": "module not imported (BasicSR)"})
    key = _CFG_KEY.get(reg, f"the config key that selects the {reg} component")
    text = (f"{key} = '{name}', but nothing registered '{name}' in the {reg} registry: the module with its "
            f"@{reg}_REGISTRY.register() decorator was not imported in this process (or the name is misspelled).")
    fix = (f"Import the project package that defines {name} before build_model (or run the project's own train_net.py).",
           f"Compare with the registered names: from detectron2.modeling import {reg}_REGISTRY; print(sorted({reg}_REGISTRY._obj_map)).")
    return Explanation(text=text, fix=fix, derived={"problem": "component not imported or misspelled"})
