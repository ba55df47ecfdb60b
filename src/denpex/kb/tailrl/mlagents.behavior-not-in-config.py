"""Computed diagnosis for mlagents.behavior-not-in-config: what the behavior name says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("behavior")
    if not isinstance(name, str) or not name.strip():
        return None
    name = name.strip()
    sig = facts.get("_signature", "")
    base = name.split("?team=")[0]
    if base == "My Behavior":
        diagnosis = "Unity default Behavior Name"
        text = ("The scene sends Unity's default Behavior Name 'My Behavior': the Behavior Parameters component was "
                "never renamed, while the YAML has a section under your own name.")
        fix = ("Set Behavior Name in the agent's Behavior Parameters to the key used in the YAML (or add a 'My Behavior:' section).",)
    elif sig == "trainers-keyerror":
        diagnosis = "YAML format newer than the installed mlagents"
        text = (f"mlagents 0.16 looked up '{base}' among the YAML's top-level keys and did not find it: the file is in "
                "the Release 2+ format (everything under 'behaviors:'), which this package version does not read.")
        fix = ("Upgrade mlagents to the release the YAML comes from (pip install -U mlagents), "
               "or use the config files of the installed release (top-level section per behavior).",)
    else:
        diagnosis = f"no section named '{base}'"
        text = (f"The scene announces the behavior '{base}', and the trainer YAML has no section with exactly this "
                "name" + (" and no 'default' section." if sig == "no-default-section" else " and no default_settings block."))
        fix = (f"Add under behaviors: a section '{base}:' (exact case and spaces) with trainer_type and hyperparameters, "
               "or rename the Behavior Name in Unity to the existing key.",
               "Check that the YAML comes from the same ML-Agents release as the installed mlagents package.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
