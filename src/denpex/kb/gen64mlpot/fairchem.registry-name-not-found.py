"""Computed diagnosis for fairchem.registry-name-not-found: what the unknown name most likely is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TASKS = {"s2ef", "is2re", "is2rs", "s2efs", "oc22_s2ef", "oc22_is2re"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "").strip()
    name = str(facts.get("name") or "")
    known = str(facts.get("known") or "")
    fix: list[str] = []
    if kind == "trainer" and name.lower() in _TASKS:
        text = (f"'{name}' is a task name, not a trainer: the checkpoint's saved config names the task where the "
                "registry expects a trainer class name.")
        choice = "'forces'" if "'forces'" in known or not known else known.split(",")[0].strip()
        fix.append(f"Pass the trainer explicitly, e.g. OCPCalculator(checkpoint_path=..., trainer={choice}) (OCPNEB takes the same argument).")
    elif "." in name:
        text = f"'{name}' looks like an import path that could not be imported in this environment (module moved or package missing)."
        fix.append("Check that the module path exists in the installed fairchem/ocp version (paths moved from ocpmodels.* to fairchem.core.*).")
    elif name:
        text = (f"No {kind or 'class'} named '{name}' is registered: the module that registers it was not imported, or it "
                "belongs to another OCP/fairchem version.")
        fix.append(f"Use one of the registered names{(' (' + known[:200] + ')') if known else ''}, or give the full import path to the {kind or 'class'}.")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix))
